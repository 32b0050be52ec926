import { AbTestType } from '@console/domain';
import Box from '@mui/material/Box';
import { PushPinIcon } from '../../components/icons.tsx';
import { typeLabelOf } from './abtest.labels.ts';

/** An A/B-test's type as operators see it: a pin and "Sticky", "Dynamic", "Rollout". */
export function AbTestTypeLabel({ type }: { type: number }) {
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}
    >
      {type === AbTestType.StickySegmentation && (
        <PushPinIcon aria-hidden fontSize="inherit" sx={{ color: 'text.secondary' }} />
      )}
      {typeLabelOf(type)}
    </Box>
  );
}
