import { type ConfigListItem, type ConfigReference, ConfigUsage } from '@console/domain/config';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import {
  SentimentDissatisfiedIcon,
  SentimentNeutralIcon,
  SentimentSatisfiedAltIcon,
} from '../../components/icons.tsx';

const describe = (references: readonly ConfigReference[]) =>
  references
    .map((reference) => `${reference.pluginName} (${reference.set === 'active' ? 'active set' : 'draft'})`)
    .join(', ');

/** Why the icon is what it is, in words (the tooltip and the icon's accessible name). */
export function inUseText(row: Pick<ConfigListItem, 'inUse' | 'usedBy'>): string {
  switch (row.inUse) {
    case ConfigUsage.Live:
      return `In use: served to players now by ${describe(row.usedBy.filter((reference) => reference.isLive))}`;
    case ConfigUsage.Assigned:
      return `Assigned but not served now: ${describe(row.usedBy)}`;
    default:
      return 'Not used by any plugin';
  }
}

const ICONS = {
  live: { Icon: SentimentSatisfiedAltIcon, color: 'success.main' },
  assigned: { Icon: SentimentNeutralIcon, color: 'warning.main' },
  unused: { Icon: SentimentDissatisfiedIcon, color: 'text.secondary' },
} as const;

/** In use: a happy (served now), neutral (assigned, not served) or sad (unused) face with a tooltip. */
export function ConfigInUse({ row }: { row: Pick<ConfigListItem, 'inUse' | 'usedBy'> }) {
  const text = inUseText(row);
  const { Icon, color } = ICONS[row.inUse];
  return (
    <Tooltip title={text}>
      <Box component="span" role="img" aria-label={text} sx={{ display: 'inline-flex', color }}>
        <Icon fontSize="small" />
      </Box>
    </Tooltip>
  );
}
