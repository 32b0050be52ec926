import { countTransferOperations, transferPreviewRequestSchema } from '@console/domain';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useSchemaForm } from '../../components/form/useSchemaForm.ts';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import type { ErrorBannerState } from '../../shell/feedback/useErrorBanner.ts';
import { useIsProtected } from '../../shell/session/rights.tsx';
import { usePreviewTransferMutation, useTransferMutation } from './transfer.queries.ts';
import { isSameRequest, preselectedOf, requestOf } from './transferRequest.ts';

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

  const discardPreview = preview.reset;
  const choices = JSON.stringify(requestOf(chosen));
  // biome-ignore lint/correctness/useExhaustiveDependencies: discarding is the reaction to a changed choice
  useEffect(() => discardPreview(), [choices, discardPreview]);

  const previewed = preview.variables;
  const shownPreview = previewed !== undefined && isSameRequest(previewed, chosen) ? preview.data : undefined;

  // A transfer into a protected environment (prod) asks first, naming it and the counts.
  const [isConfirming, setConfirming] = useState(false);
  const isProtected = useIsProtected(to);

  const runTransfer = () => {
    if (!shownPreview || !previewed) return;
    transfer.mutate(
      { ...previewed, previewToken: shownPreview.previewToken },
      {
        onSuccess: (result) => {
          const { create, update, delete: deleted } = result.counts;
          toast(
            `Transferred ${result.from} to ${result.to}: ${create} created, ${update} updated, ${deleted} deleted`,
            'success',
          );
          // The destination is cleared after success
          form.setValue('to', '');
          discardPreview();
        },
        onError: (error) => {
          banner.report(error);
          // a stale preview cannot be used again: preview anew
          if (error instanceof ApiError && error.status === HTTP_CONFLICT) discardPreview();
        },
      },
    );
  };

  return {
    form,
    chosen,
    /** Plugins chosen on Environment Comparison: only they travel. */
    preselectedPlugins: preselected.plugins,
    runPreview: form.handleSubmit((request) =>
      preview.mutate(requestOf(request), { onError: banner.report }),
    ),
    isPreviewing: preview.isPending,
    shownPreview,
    counts: shownPreview ? countTransferOperations(shownPreview.groups) : undefined,
    // The server refuses a transfer that leaves the destination lacking what a plugin needs
    isRefused: (shownPreview?.missing.length ?? 0) > 0,
    isTransferring: transfer.isPending,
    askOrTransfer: () => (isProtected ? setConfirming(true) : runTransfer()),
    isConfirming,
    answerConfirmation: (isConfirmed: boolean) => {
      setConfirming(false);
      if (isConfirmed) runTransfer();
    },
  };
}

export type TransferState = ReturnType<typeof useTransfer>;
