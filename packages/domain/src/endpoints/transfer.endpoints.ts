import { defineEndpoints } from '../api/endpoint.ts';
import {
  importPreviewRequestSchema,
  importRequestSchema,
  importResultSchema,
} from '../environment-file/environment-file.requests.ts';
import { environmentFileShapeSchema } from '../environment-file/environment-file.schemas.ts';
import {
  transferPreviewRequestSchema,
  transferPreviewResponseSchema,
  transferRequestSchema,
  transferResultSchema,
} from '../operations/transfer.ts';

// ?configuration= carries the source for transfer calls; the body's from/to are the truth.
export const transferEndpoints = defineEndpoints('transfer', {
  preview: {
    path: '/api/configuration/transfer/preview',
    access: 'read',
    summary:
      'Preview copying one environment (or the chosen groups) into another: per group, each item with its ' +
      'operation (create, update, delete, unchanged); the A/B-test versions and configurations the ' +
      'transferred plugins need, each missing, equal or different in the destination (dependencies); what ' +
      'the destination would lack (missing: the transfer is refused); and a previewToken to send to the transfer',
    body: transferPreviewRequestSchema,
    response: transferPreviewResponseSchema,
  },
  transfer: {
    path: '/api/configuration/transfer',
    access: 'change',
    accessEnvironmentField: 'to',
    summary:
      'Copy one environment into another in one transaction (overwrite: the destination becomes equal ' +
      "to the source; merge: destination-only items are kept). 409 'Environment changed since preview' " +
      'when either environment changed after the preview whose previewToken is sent; 409 ' +
      "'Transfer refused: the destination would lack ...' when a plugin would point at an A/B-test " +
      'version or configuration the destination lacks (merge carries them unless carryDependencies is false)',
    body: transferRequestSchema,
    response: transferResultSchema,
  },
  export: {
    path: '/api/configuration/export',
    access: 'read',
    summary:
      "Export the environment of ?configuration= as an environment file: format, the environment's id and " +
      'every group a file holds (release info, plugins with active sets and drafts, A/B-tests with versions, ' +
      'ranges and segments, configurations), items in id order. Never the NICE token, runtime keys or ' +
      'player data. Write it with formatEnvironmentFile (sorted keys, one per line) to keep it in git',
    response: environmentFileShapeSchema,
  },
  importPreview: {
    path: '/api/configuration/import/preview',
    access: 'read',
    accessEnvironmentField: 'to',
    summary:
      'Preview importing an environment file into the environment `to`, exactly as a transfer from an ' +
      'environment holding the file (from is "file"): per group, each item with its operation, the ' +
      'dependencies, what the destination would lack, and a previewToken. A file of an older format is ' +
      'upgraded; an unreadable one is refused (400 naming the field) and changes nothing',
    body: importPreviewRequestSchema,
    response: transferPreviewResponseSchema,
  },
  import: {
    path: '/api/configuration/import',
    access: 'change',
    accessEnvironmentField: 'to',
    summary:
      'Import an environment file into `to` in one transaction, with the Overwrite/Merge semantics, ' +
      'dependency closure, audit entry (environment.transfer from "file", naming the file\'s environment ' +
      'and format) and runtime revision of a transfer. Send the previewToken of the preview of the same ' +
      "file and choices; 409 'Environment changed since preview' when the destination changed since",
    body: importRequestSchema,
    response: importResultSchema,
  },
});
