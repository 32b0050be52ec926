import type { ConfigWarning } from '@console/domain/config';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';

/** The warnings box above the configuration list; nothing when there is nothing to say. */
export function ConfigWarnings({ warnings }: { warnings: readonly ConfigWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} aria-label="Warnings">
      <AlertTitle>Warnings</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {warnings.map((warning) => (
          <li key={`${warning.pluginId}-${warning.code}-${warning.configIds.join(',')}`}>
            {warning.message}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
