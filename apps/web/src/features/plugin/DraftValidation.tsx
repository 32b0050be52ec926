import { pluginNameOf } from '@console/domain/operations';
import {
  type AlongsidePluginImpact,
  type DraftEntryImpactItem,
  describeActivatedAlongside,
} from '@console/domain/plugin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type EntryUsage, useDraftImpactQuery } from './plugin.queries.ts';

export const VALIDATION_PASSED = 'Validation passed';
export const VALIDATION_FATAL = 'Validation found errors that block activation';
export const fatalText = (pluginId: number, message: string) => `${pluginNameOf(pluginId)}: ${message}`;

export const REMOVED_ENTRY = 'Removed by this draft';
export const REMOVED_BY_ITS_DRAFT = 'Removed by its draft';
/** "the plugins that will be activated alongside": the heading of one plugin's impact. */
export const alongsideImpactTitle = (pluginName: string) => `${pluginName}, activated alongside`;

/**
 * The players an entry's activation moves between cases and configurations. An inactive
 * test's entry has one sentence: it serves no player, so nothing else about it applies.
 */
function EntryImpact({ item }: { item: DraftEntryImpactItem | undefined }) {
  if (!item) return null;
  return (
    <Box aria-label={`Impact on ${item.abTestId}`} role="note">
      <Typography variant="body2">{item.impact.sentence}</Typography>
      {item.impact.unaffected !== 'abtest-inactive' && (
        <Typography variant="body2">{item.impact.configurationSentence}</Typography>
      )}
    </Box>
  );
}

const entryTitle = (item: DraftEntryImpactItem, removed: string) =>
  `AB-test ${item.abTestId}, version ${item.abTestVersion}${item.change === 'removed' ? `: ${removed}` : ''}`;

/** A plugin activated alongside changes its players too; its entries' figures, grouped. */
function AlongsideImpact({ plugin }: { plugin: AlongsidePluginImpact }) {
  const title = alongsideImpactTitle(plugin.pluginName);
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle1">{title}</Typography>
      <Stack spacing={1}>
        {plugin.entries.map((item) => (
          <Box key={`${item.change}/${item.abTestId}`}>
            <Typography variant="subtitle2">{entryTitle(item, REMOVED_BY_ITS_DRAFT)}</Typography>
            <EntryImpact item={item} />
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

/**
 * Validate and "Usage fatals: listed as errors per plugin": per entry, the blocking errors, or
 * else the plugins activated alongside.
 */
export function DraftValidation({
  pluginId,
  usages,
  hasFatal,
}: {
  pluginId: number;
  usages: readonly EntryUsage[];
  hasFatal: boolean;
}) {
  const impact = useDraftImpactQuery(pluginId);
  const impactOf = (abTestId: string) => impact.data?.entries.find((item) => item.abTestId === abTestId);
  const removed = impact.data?.entries.filter((item) => item.change === 'removed') ?? [];
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
              <Typography variant="body2">{describeActivatedAlongside(usage.validUsages)}</Typography>
            )}
            <EntryImpact item={impactOf(entry.abTestId)} />
          </Box>
        ))}
        {removed.map((item) => (
          <Box key={`removed/${item.abTestId}`}>
            <Typography variant="subtitle2">{entryTitle(item, REMOVED_ENTRY)}</Typography>
            <EntryImpact item={item} />
          </Box>
        ))}
        {impact.data?.alongside.map((plugin) => (
          <AlongsideImpact key={plugin.pluginId} plugin={plugin} />
        ))}
        {impact.error && <Alert severity="warning">{impact.error.message}</Alert>}
      </Stack>
    </Box>
  );
}
