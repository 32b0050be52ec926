import Typography from '@mui/material/Typography';

/** Body of a screen whose feature has not been built yet. */
export function PlannedScreen() {
  return <Typography sx={{ color: 'text.secondary' }}>This screen is not available yet.</Typography>;
}
