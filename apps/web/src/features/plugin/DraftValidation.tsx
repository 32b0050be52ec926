import { pluginNameOf } from '@console/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EntryUsage } from './plugin.queries.ts';

export const VALIDATION_PASSED = 'Validation passed';
export const VALIDATION_FATAL = 'Validation found errors that block activation';
export const NOTHING_ALONGSIDE = 'No other plugin is activated alongside';
export const activatedAlongside = (pluginIds: readonly number[]) =>
  `Activated alongside: ${pluginIds.map(pluginNameOf).join(', ')}`;
export const fatalText = (pluginId: number, message: string) => `${pluginNameOf(pluginId)}: ${message}`;

/**
 * spec §4 Validate, §8 "Usage fatals: listed as errors per plugin": per entry, the blocking errors, or
 * else the plugins activated alongside.
 */
export function DraftValidation({ usages, hasFatal }: { usages: readonly EntryUsage[]; hasFatal: boolean }) {
  return (
    <Box component="section" aria-label="Validation" sx={{ mt: 2 }}>
      <Alert severity={hasFatal ? 'error' : 'success'} sx={{ mb: 1 }}>
        {hasFatal ? VALIDATION_FATAL : VALIDATION_PASSED}
      </Alert>
      <Stack spacing={1}>
        {usages.map(({ entry, usage }) => (
          <Box key={`${entry.abTestId}/${entry.abTestVersion}`}>
            <Typography variant="subtitle2">{`AB-test ${entry.abTestId}, version ${entry.abTestVersion}`}</Typography>
            {usage.fatal.length > 0 ? (
              <Stack spacing={0.5}>
                {usage.fatal.map(([pluginId, message]) => (
                  <Alert key={`${pluginId}:${message}`} severity="error">
                    {fatalText(pluginId, message)}
                  </Alert>
                ))}
              </Stack>
            ) : (
              <Typography variant="body2">
                {usage.validUsages.length > 0 ? activatedAlongside(usage.validUsages) : NOTHING_ALONGSIDE}
              </Typography>
            )}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
