import { caseLabel, formatPercentage, toDisplayPercentages } from '@console/domain/abtest';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { caseColorOf } from './abtest.labels.ts';

/** One percentage bar per case, in the case's colour. */
export function CaseBars({ weights }: { weights: readonly number[] }) {
  if (weights.length === 0) return <Typography variant="body2">-</Typography>;
  const percentages = toDisplayPercentages(weights);
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, minWidth: 150 }}>
      {percentages.map((percentage, index) => {
        const text = formatPercentage(percentage);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a case is its position
          <Box component="li" key={index} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box
              aria-hidden
              title={`${caseLabel(index)}: ${text}`}
              sx={{ flex: '0 0 80px', height: 8, bgcolor: 'action.hover', borderRadius: 1 }}
            >
              <Box
                sx={{ width: `${percentage}%`, height: '100%', bgcolor: caseColorOf(index), borderRadius: 1 }}
              />
            </Box>
            <Typography variant="caption" aria-label={`${caseLabel(index)}: ${text}`}>
              {text}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
