import Box from '@mui/material/Box';
import { environmentColor, toCssColor } from '../environment/environmentColor.ts';

/** The colour dot that tells operators which environment they act on. */
export function EnvironmentIndicator({ environment }: { environment: string }) {
  return (
    <Box
      component="span"
      data-testid="environment-indicator"
      aria-hidden
      style={{ backgroundColor: toCssColor(environmentColor(environment)) }}
      sx={{ display: 'inline-block', width: 12, height: 12, borderRadius: '50%', flexShrink: 0 }}
    />
  );
}
