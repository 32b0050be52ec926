import { z } from 'zod';
import { playerResolutionSchema } from './resolution.schemas.ts';
import { resolveRequestSchema } from './runtime-api.ts';

// Issue 15, player preview (/api/runtime/preview): what one player receives from each plugin, with
// the reasons, resolved by resolvePlayer (the game servers' function) against the content served now,
// a past revision, or the content as it would be if one plugin's draft were activated.

/** 'current': the latest published revision (the console's state when none is published yet). */
export const previewSourceSchema = z.union(
  [
    z.literal('current'),
    z.object({ revision: z.number({ error: 'source.revision must be a number' }).int().min(1) }).strict(),
    z.object({ draftOfPlugin: z.number({ error: 'source.draftOfPlugin must be a number' }).int() }).strict(),
  ],
  { error: "source must be 'current', {revision} or {draftOfPlugin}" },
);
export type PreviewSource = z.infer<typeof previewSourceSchema>;

export const previewRequestSchema = resolveRequestSchema
  .omit({ assignments: true })
  .extend({ source: previewSourceSchema.default('current') });
/** What the form sends (context and source may be left out). */
export type PreviewRequestInput = z.input<typeof previewRequestSchema>;
export type PreviewRequest = z.infer<typeof previewRequestSchema>;

/** The content the preview resolved against, named for the operator. */
export const previewedContentSchema = z.discriminatedUnion('kind', [
  /** A published revision: the latest (source 'current') or the one asked for. */
  z.object({ kind: z.literal('revision'), revision: z.number().int() }),
  /** Nothing published yet: the console's state. */
  z.object({ kind: z.literal('console') }),
  /** The console's state with this plugin's draft in place of its active set. */
  z.object({ kind: z.literal('draft'), pluginId: z.number().int() }),
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
