import { api } from '@console/domain/endpoints';
import {
  type EnvironmentFile,
  environmentFileNameOf,
  formatEnvironmentFile,
} from '@console/domain/environment-file';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../api/client.ts';
import { useEndpointMutation } from '../../api/hooks.ts';

// Environment files on the Transfer screen: the export of an environment, and the import of a file,
// which is a transfer whose source is the file (the same preview, token and confirmation).
// `?configuration=` carries the environment exported, and for an import the destination.

/** A read the operator starts (and a download), so a mutation that reloads nothing. */
export const useExportEnvironmentMutation = () =>
  useMutation({
    mutationFn: (environment: string) => callEndpoint(api.transfer.export, { environment }),
  });

export const usePreviewImportMutation = () =>
  useEndpointMutation(api.transfer.importPreview, { reloads: 'nothing', environmentOf: (body) => body.to });

/** Any screen's data of the destination may have changed. */
export const useImportMutation = () =>
  useEndpointMutation(api.transfer.import, { reloads: 'everything', environmentOf: (body) => body.to });

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
