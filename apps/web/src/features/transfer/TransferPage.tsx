import Typography from '@mui/material/Typography';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { ErrorBanner } from '../../shell/feedback/ErrorBanner.tsx';
import { useErrorBanner } from '../../shell/feedback/useErrorBanner.ts';
import { TransferForm } from './TransferForm.tsx';
import { TransferPreviewResult } from './TransferPreviewResult.tsx';
import { useTransfer } from './useTransfer.ts';

/**
 * Configuration Transfer: choose source, destination and mode, preview per group, then
 * transfer. The Transfer button needs a preview of exactly the chosen source, destination, mode, groups
 * and carry, and none while the preview says what the destination would lack.
 * The source starts as the active environment; a switch remounts the screen, so it starts over.
 */
export function TransferPage() {
  const banner = useErrorBanner();
  const transfer = useTransfer(banner);
  const { preselectedPlugins } = transfer;
  return (
    <Page title="Configuration Transfer">
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        Copies the content of one environment into another. Overwrite makes the destination equal to the
        source; Merge creates and updates items but keeps those only the destination has.
      </Typography>
      <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
      {preselectedPlugins.length > 0 ? (
        <Typography sx={{ mb: 2 }} role="note">
          {`Selected on Environment Comparison: only plugins ${preselectedPlugins.join(', ')} travel, ` +
            'with what they need; the other plugins stay as they are.'}
        </Typography>
      ) : null}
      <TransferForm transfer={transfer} onError={banner.report} />
      {transfer.isPreviewing ? <Loading /> : null}
      <TransferPreviewResult transfer={transfer} />
    </Page>
  );
}
