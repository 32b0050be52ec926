import { api } from '@console/domain/endpoints';
import { useEndpointMutation } from '../../api/hooks.ts';

/** What one player receives, resolved on the server as game servers resolve it. */
export const usePlayerPreviewMutation = () => useEndpointMutation(api.runtimePreview.preview);
