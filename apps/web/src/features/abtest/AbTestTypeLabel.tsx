import { AbTestType } from '@console/domain/enums';
import Box from '@mui/material/Box';
import { PushPinIcon } from '../../components/icons.tsx';
import { shortTypeLabelOf, typeLabelOf } from './abtest.labels.ts';

/**
 * An A/B-test's type as operators see it: a pin for sticky, and the specification's name ("Sticky
 * segmentation", "Dynamic segmentation", "Rollout"), or in the list's narrow column its compact form ("Sticky",
 * "Dynamic") with the full name on hover.
 */
export function AbTestTypeLabel({ type, isCompact = false }: { type: number; isCompact?: boolean }) {
  const name = typeLabelOf(type);
  const shown = isCompact ? shortTypeLabelOf(type) : name;
  return (
    <Box
      component="span"
      title={shown === name ? undefined : name}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}
    >
      {type === AbTestType.StickySegmentation && (
        <PushPinIcon aria-hidden fontSize="inherit" sx={{ color: 'text.secondary' }} />
      )}
      {shown}
    </Box>
  );
}
