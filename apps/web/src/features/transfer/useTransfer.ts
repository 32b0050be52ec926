import { countTransferOperations, transferPreviewRequestSchema } from '@console/domain/operations';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useSchemaForm } from '../../components/form/useSchemaForm.ts';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import type { ErrorBannerState } from '../../shell/feedback/useErrorBanner.ts';
import { useIsProtected } from '../../shell/session/rights.tsx';
import { useImportMutation, usePreviewImportMutation } from './environment-file.queries.ts';
import type { ChosenFile, TransferSourceKind } from './TransferFileSource.tsx';
import { usePreviewTransferMutation, useTransferMutation } from './transfer.queries.ts';
import { importRequestOf, isSameRequest, preselectedOf, requestOf } from './transferRequest.ts';

const HTTP_CONFLICT = 409;

/**
 * The transfer screen's state: the choices (a form preselected by the address), the preview of exactly
 * those choices, and the transfer of that preview, asked first when the destination is protected.
 * Changing a choice the preview depends on discards it.
 */
export function useTransfer(banner: ErrorBannerState) {
  const { active, environments } = useActiveEnvironment();
  const [query] = useSearchParams();
  const [preselected] = useState(() => preselectedOf(query, active, environments));
  const { toast } = useGlobalUi();
  const preview = usePreviewTransferMutation();
  const transfer = useTransferMutation();
  // An environment file as the source: an import, previewed and confirmed like a transfer
  const [sourceKind, setSourceKind] = useState<TransferSourceKind>('environment');
  const [file, setFile] = useState<ChosenFile | null>(null);
  const importPreview = usePreviewImportMutation();
  const importing = useImportMutation();
  const isFile = sourceKind === 'file';
  const form = useSchemaForm(transferPreviewRequestSchema, { defaultValues: preselected.request });
  const [from, to, mode, groups, carryDependencies, plugins] = form.watch([
    'from',
    'to',
    'mode',
    'groups',
    'carryDependencies',
    'plugins',
  ]);
  const chosen = { from, to, mode, groups, carryDependencies, plugins };

  const resetTransferPreview = preview.reset;
  const resetImportPreview = importPreview.reset;
  const discardPreview = useCallback(() => {
    resetTransferPreview();
    resetImportPreview();
  }, [resetTransferPreview, resetImportPreview]);
  const choices = JSON.stringify(requestOf(chosen));
  // biome-ignore lint/correctness/useExhaustiveDependencies: discarding is the reaction to a changed choice
  useEffect(() => discardPreview(), [choices, sourceKind, file, discardPreview]);

  const previewed = preview.variables;
  const importPreviewed = importPreview.variables;
  const isCurrent = isFile
    ? importPreviewed !== undefined &&
      file !== null &&
      JSON.stringify(importPreviewed) === JSON.stringify(importRequestOf(file.content, chosen))
    : previewed !== undefined && isSameRequest(previewed, chosen);
  const shownPreview = isCurrent ? (isFile ? importPreview.data : preview.data) : undefined;

  // A file's destination may be any environment, the active one too: only the choices are checked here
  const runImportPreview = (event: FormEvent) => {
    event.preventDefault();
    if (file === null) return banner.report('Choose an environment file to import');
    if (to === '') return banner.report('Choose a destination');
    importPreview.mutate(importRequestOf(file.content, chosen), { onError: banner.report });
  };

  // A transfer into a protected environment (prod) asks first, naming it and the counts.
  const [isConfirming, setConfirming] = useState(false);
  const isProtected = useIsProtected(to);

  const callbacks = {
    onSuccess: (result: { from: string; to: string; counts: Record<string, number> }) => {
      const { create, update, delete: deleted } = result.counts;
      const what = isFile ? `Imported ${file?.name} into` : `Transferred ${result.from} to`;
      toast(`${what} ${result.to}: ${create} created, ${update} updated, ${deleted} deleted`, 'success');
      // The destination is cleared after success
      form.setValue('to', '');
      discardPreview();
    },
    onError: (error: Error) => {
      banner.report(error);
      // a stale preview cannot be used again: preview anew
      if (error instanceof ApiError && error.status === HTTP_CONFLICT) discardPreview();
    },
  };
  const runTransfer = () => {
    if (!shownPreview) return;
    const { previewToken } = shownPreview;
    if (isFile && importPreviewed) importing.mutate({ ...importPreviewed, previewToken }, callbacks);
    else if (!isFile && previewed) transfer.mutate({ ...previewed, previewToken }, callbacks);
  };

  return {
    form,
    chosen,
    /** Plugins chosen on Environment Comparison: only they travel. */
    preselectedPlugins: preselected.plugins,
    sourceKind,
    chooseSourceKind: (kind: TransferSourceKind) => {
      setSourceKind(kind);
      // The group choices differ (a file holds no NICE config): start again from every group
      form.setValue('groups', undefined);
    },
    file,
    setFile,
    /** What the preview and the confirmation name as the source. */
    sourceLabel: isFile ? `file ${file?.name ?? ''}` : from,
    runPreview: isFile
      ? runImportPreview
      : form.handleSubmit((request) => preview.mutate(requestOf(request), { onError: banner.report })),
    isPreviewing: preview.isPending || importPreview.isPending,
    shownPreview,
    counts: shownPreview ? countTransferOperations(shownPreview.groups) : undefined,
    // The server refuses a transfer that leaves the destination lacking what a plugin needs
    isRefused: (shownPreview?.missing.length ?? 0) > 0,
    isTransferring: transfer.isPending || importing.isPending,
    askOrTransfer: () => (isProtected ? setConfirming(true) : runTransfer()),
    isConfirming,
    answerConfirmation: (isConfirmed: boolean) => {
      setConfirming(false);
      if (isConfirmed) runTransfer();
    },
  };
}

export type TransferState = ReturnType<typeof useTransfer>;
