import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** Loading indicator with the text 'Loading...'. */
export function Loading() {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 2 }}>
      <CircularProgress size={20} aria-hidden />
      <Typography>Loading...</Typography>
    </Box>
  );
}
