import { defineEndpoints } from '../api/endpoint.ts';
import { previewRequestSchema, previewResponseSchema } from '../runtime/preview.schemas.ts';

// The operators' player preview.
export const runtimePreviewEndpoints = defineEndpoints('runtime-preview', {
  preview: {
    path: '/api/runtime/preview',
    summary:
      'What one player receives from each plugin, and why, resolved as game servers do against the ' +
      "content served now, a past revision ({revision}) or a plugin's draft as if activated ({draftOfPlugin}: " +
      'with the versions and the drafts of other plugins its activation takes alongside)',
    body: previewRequestSchema,
    response: previewResponseSchema,
    access: 'read',
  },
});
