import { z } from 'zod';
import { playerResolutionSchema } from './resolution.schemas.ts';
import { resolveRequestSchema } from './runtime-api.ts';

// Player preview (/api/runtime/preview): what one player receives from each plugin, with
// the reasons, resolved by resolvePlayer (the game servers' function) against the content served now,
// a past revision, or the content as it would be if one plugin's draft were activated.

export const PREVIEW_MESSAGES = {
  pluginNotFound: (pluginId: number, environmentId: string) =>
    `Plugin ${pluginId} not found in ${environmentId}`,
} as const;

/** Revision numbers and plugin ids are 32-bit integers in the database. */
const MAX_ID = 2_147_483_647;

/** 'current': the latest published revision (the console's state when none is published yet). */
export const previewSourceSchema = z.union(
  [
    z.literal('current'),
    z
      .object({ revision: z.number({ error: 'source.revision must be a number' }).int().min(1).max(MAX_ID) })
      .strict(),
    z
      .object({
        draftOfPlugin: z.number({ error: 'source.draftOfPlugin must be a number' }).int().min(0).max(MAX_ID),
      })
      .strict(),
  ],
  { error: "source must be 'current', {revision} or {draftOfPlugin}" },
);
export type PreviewSource = z.infer<typeof previewSourceSchema>;

/** The resolve call's fields but sticky assignments (an operator's call: other fields are dropped, not refused). */
const { assignments: _, ...previewPlayerShape } = resolveRequestSchema.shape;
export const previewRequestSchema = z.object({
  ...previewPlayerShape,
  source: previewSourceSchema.default('current'),
});
/** What the form sends (context and source may be left out). */
export type PreviewRequestInput = z.input<typeof previewRequestSchema>;
export type PreviewRequest = z.infer<typeof previewRequestSchema>;

/** The content the preview resolved against, named for the operator. */
export const previewedContentSchema = z.discriminatedUnion('kind', [
  /** A published revision: the latest (source 'current') or the one asked for. */
  z.object({ kind: z.literal('revision'), revision: z.number().int() }),
  /** Nothing published yet: the console's state. */
  z.object({ kind: z.literal('console') }),
  /** The console's state as activating this plugin's draft leaves it (planDraftActivation). */
  z.object({
    kind: z.literal('draft'),
    pluginId: z.number().int(),
    /** The other plugins whose drafts the activation takes alongside (their drafts served too), ascending. */
    alongside: z.array(z.number().int()),
  }),
]);
export type PreviewedContent = z.infer<typeof previewedContentSchema>;

/** What the console knows of an A/B-test an entry names (absent when it no longer exists). */
export const previewAbTestSchema = z.object({
  id: z.string(),
  description: z.string(),
  caseDescriptions: z.array(z.string()),
});
export type PreviewAbTest = z.infer<typeof previewAbTestSchema>;

export const previewResponseSchema = z.object({
  content: previewedContentSchema,
  resolution: playerResolutionSchema,
  /** formatResolution(resolution): the whole answer as text, as a game server would log it. */
  lines: z.array(z.string()),
  /** The A/B-tests of the matched entries, for their descriptions. */
  abTests: z.array(previewAbTestSchema),
});
export type PreviewResponse = z.infer<typeof previewResponseSchema>;

// ---- the preview form (console): texts as typed; empty means "not given" ----

/** The form's choice of content; `revision` and `draftOfPlugin` are read only for their kind. */
export const PREVIEW_SOURCE_KINDS = ['current', 'revision', 'draft'] as const;
/** The Payer select: '' = not given. */
export const PREVIEW_PAYER_CHOICES = ['', 'true', 'false'] as const;

const absentIfEmpty = (text: string) => (text.trim() === '' ? undefined : text.trim());
/** The object without its undefined fields (what "not given" means on the wire). */
function withoutAbsent<T extends Record<string, unknown>>(
  object: T,
): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
const numberIfGiven = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

export const previewFormSchema = z
  .object({
    userId: z.string(),
    context: z.object({
      Platform: z.string(),
      ClientVersion: z.string(),
      FirstCountry: z.string(),
      Payer: z.enum(PREVIEW_PAYER_CHOICES),
      PurchaseCount: z.string(),
      PurchaseAmount: z.string(),
    }),
    level: z.string(),
    /** UTC ms; 0 = now (when the preview runs). */
    at: z.number({ error: 'time must be a valid date and time' }),
    source: z.object({
      kind: z.enum(PREVIEW_SOURCE_KINDS),
      revision: z.string(),
      draftOfPlugin: z.string(),
    }),
  })
  .superRefine((form, context) => {
    // the union of sources names no single field; these name the one the operator fills in
    const { kind, revision, draftOfPlugin } = form.source;
    if (kind === 'revision' && !/^[1-9]\d*$/.test(revision.trim()))
      context.addIssue({
        code: 'custom',
        path: ['source', 'revision'],
        message: 'revision must be a whole number of at least 1',
      });
    if (kind === 'draft' && draftOfPlugin === '')
      context.addIssue({
        code: 'custom',
        path: ['source', 'draftOfPlugin'],
        message: 'plugin must be chosen',
      });
  })
  .transform((form): PreviewRequestInput => {
    const source: PreviewSource =
      form.source.kind === 'revision'
        ? { revision: Number(form.source.revision) }
        : form.source.kind === 'draft'
          ? { draftOfPlugin: Number(form.source.draftOfPlugin) }
          : 'current';
    return {
      userId: form.userId.trim(),
      context: withoutAbsent({
        Platform: absentIfEmpty(form.context.Platform),
        ClientVersion: absentIfEmpty(form.context.ClientVersion),
        FirstCountry: absentIfEmpty(form.context.FirstCountry)?.toUpperCase(),
        Payer: form.context.Payer === '' ? undefined : form.context.Payer === 'true',
        PurchaseCount: numberIfGiven(form.context.PurchaseCount),
        PurchaseAmount: numberIfGiven(form.context.PurchaseAmount),
      }),
      ...withoutAbsent({ level: numberIfGiven(form.level), at: form.at === 0 ? undefined : form.at }),
      source,
    };
  })
  .pipe(previewRequestSchema);
export type PreviewFormValues = z.input<typeof previewFormSchema>;

/** An empty form: every property not given, now, the content served now. */
export const emptyPreviewForm = (): PreviewFormValues => ({
  userId: '',
  context: {
    Platform: '',
    ClientVersion: '',
    FirstCountry: '',
    Payer: '',
    PurchaseCount: '',
    PurchaseAmount: '',
  },
  level: '',
  at: 0,
  source: { kind: 'current', revision: '', draftOfPlugin: '' },
});
