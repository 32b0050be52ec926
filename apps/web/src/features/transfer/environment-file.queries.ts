import {
  api,
  type EnvironmentFile,
  environmentFileNameOf,
  formatEnvironmentFile,
  type ImportPreviewRequestInput,
} from '@console/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../api/client.ts';

/**
 * Environment files on the Transfer screen: the export of an environment, and the import of a file,
 * which is a transfer whose source is the file (the same preview, token and confirmation).
 * `?configuration=` carries the environment exported, and for an import the destination.
 */
export function useExportEnvironmentMutation() {
  return useMutation({
    mutationFn: (environment: string) => callEndpoint(api.transfer.export, { environment }),
  });
}

export function usePreviewImportMutation() {
  return useMutation({
    mutationFn: (body: ImportPreviewRequestInput) =>
      callEndpoint(api.transfer.importPreview, { environment: body.to, body }),
  });
}

export function useImportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportPreviewRequestInput & { previewToken: string }) =>
      callEndpoint(api.transfer.import, { environment: body.to, body }),
    // Any screen's data of the destination may have changed.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** Saves the file as the CLI writes it (keys sorted, one per line), named after its environment. */
export function downloadEnvironmentFile(file: EnvironmentFile): void {
  const blob = new Blob([formatEnvironmentFile(file)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = environmentFileNameOf(file.environment);
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the link; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
