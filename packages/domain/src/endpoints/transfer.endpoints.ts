import { defineEndpoints } from '../api/endpoint.ts';
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
});
