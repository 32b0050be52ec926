import { z } from 'zod';
import { lengthCheckedFirst } from '../api/bounded.ts';
import { previewTokenSchema, transferResultSchema, transferShape } from '../operations/transfer.ts';
import { environmentFileInputSchema } from './environment-file.read.ts';
import { ENVIRONMENT_FILE_GROUPS } from './environment-file.schemas.ts';

// The import of an environment file: a transfer whose source is the file instead of an environment.
// The same choices as a transfer (destination, mode, groups, carry, plugins) and the same preview.

// A group named twice is refused, so a longer list cannot be right.
const MAX_FILE_GROUPS = ENVIRONMENT_FILE_GROUPS.length;
const fileGroupsSchema = lengthCheckedFirst(
  z
    .array(
      z.enum(ENVIRONMENT_FILE_GROUPS, {
        error: `groups must name groups of an environment file: ${ENVIRONMENT_FILE_GROUPS.join(', ')}`,
      }),
      { error: 'groups must be a list of group names' },
    )
    .min(1, { error: 'groups must name at least one group' })
    .refine((names) => new Set(names).size === names.length, { error: 'groups must not name a group twice' }),
  MAX_FILE_GROUPS,
  `groups must name at most ${MAX_FILE_GROUPS} groups`,
).optional();

const importShape = {
  /** The environment file, as the export wrote it (an older format is upgraded). */
  file: environmentFileInputSchema,
  to: transferShape.to,
  mode: transferShape.mode,
  /** The groups to import; absent = every group of the file. */
  groups: fileGroupsSchema,
  carryDependencies: transferShape.carryDependencies,
  plugins: transferShape.plugins,
};

/** Body of /api/configuration/import/preview. */
export const importPreviewRequestSchema = z.object(importShape);
export type ImportPreviewRequest = z.infer<typeof importPreviewRequestSchema>;
export type ImportPreviewRequestInput = z.input<typeof importPreviewRequestSchema>;

/** Body of /api/configuration/import: the preview's token, so an import never runs unpreviewed. */
export const importRequestSchema = z.object({ ...importShape, previewToken: previewTokenSchema });
export type ImportRequest = z.infer<typeof importRequestSchema>;

/** Where an imported file came from, as its audit entry and the import's answer name it. */
export const importedFileSchema = z.object({
  /** The environment the file was exported from. */
  environment: z.string(),
  /** The format version the file was written in. */
  format: z.number().int(),
  /** SHA-256 (hex) of the file's canonical text: an unedited export's own checksum. */
  sha256: z.string(),
});
export type ImportedFile = z.infer<typeof importedFileSchema>;

/** Answer of /api/configuration/import: the transfer's answer (from 'file'), and the file's origin. */
export const importResultSchema = transferResultSchema.extend({ file: importedFileSchema });
export type ImportResult = z.infer<typeof importResultSchema>;

/** What `from` says in an import's answer and audit entry: the source was a file, not an environment. */
export const IMPORT_SOURCE = 'file';
