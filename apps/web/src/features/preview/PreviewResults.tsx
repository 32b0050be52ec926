import { pluginNameOf } from '@console/domain/operations';
import { describeActivatedAlongside } from '@console/domain/plugin';
import {
  describeMatchedEntry,
  describePluginOutcome,
  describeSkippedEntry,
  describeWorldEventStatus,
  type PluginResolution,
  type PreviewAbTest,
  type PreviewedContent,
  type PreviewResponse,
} from '@console/domain/runtime';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

// The preview's answer, per plugin; every sentence is the domain's (runtime/explain.ts).

const contentLabel = (content: PreviewedContent): string => {
  switch (content.kind) {
    case 'revision':
      return `revision ${content.revision}`;
    case 'console':
      return "the console's current state (nothing published yet)";
    case 'draft':
      return `the draft of ${pluginNameOf(content.pluginId)}, as if activated`;
  }
};

/** The configuration the outcome names, linked to its edit screen (a kind serves one plugin). */
function ConfigurationLink({ plugin }: { plugin: PluginResolution }) {
  const id = plugin.configuration?.id ?? plugin.matched?.configurationId ?? '';
  if (id === '' || (plugin.matched && !plugin.matched.configurationFound)) return null;
  return (
    <Link component={RouterLink} to={`/config/${plugin.pluginName}/${encodeURIComponent(id)}/edit`}>
      Open configuration {id}
    </Link>
  );
}

function PluginResult({
  plugin,
  level,
  abTests,
}: {
  plugin: PluginResolution;
  level: number;
  abTests: readonly PreviewAbTest[];
}) {
  const { matched } = plugin;
  const caseDescription = matched
    ? abTests.find((abTest) => abTest.id === matched.abTestId)?.caseDescriptions[matched.caseIndex]
    : undefined;
  return (
    <Paper variant="outlined" component="section" aria-label={plugin.pluginName} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        <Link component={RouterLink} to={`/plugin/${plugin.pluginId}`} underline="hover" color="inherit">
          {plugin.pluginName}
        </Link>
      </Typography>
      <Typography sx={{ fontWeight: 500 }}>{describePluginOutcome(plugin, level)}</Typography>
      {/* What a game server tells the player about the event (the world event status) */}
      <Typography aria-label={`World event status of ${plugin.pluginName}`} color="text.secondary">
        World event status: {describeWorldEventStatus(plugin)}
      </Typography>
      <ConfigurationLink plugin={plugin} />
      {(plugin.skipped.length > 0 || matched) && (
        <Box component="ol" aria-label={`Entries of ${plugin.pluginName}`} sx={{ pl: 3, my: 1 }}>
          {plugin.skipped.map((entry) => (
            <li key={entry.position} value={entry.position + 1}>
              {describeSkippedEntry(entry)}
            </li>
          ))}
          {matched && (
            <li value={matched.position + 1}>
              <strong>Matched: </strong>
              {describeMatchedEntry(matched)}
              {caseDescription ? (
                <>
                  {' — “'}
                  <bdi>{caseDescription}</bdi>
                  {'”'}
                </>
              ) : (
                ''
              )}
            </li>
          )}
        </Box>
      )}
    </Paper>
  );
}

/** What the player receives from each plugin that is switched on; the switched-off ones in one line. */
export function PreviewResults({ answer }: { answer: PreviewResponse }) {
  const { resolution } = answer;
  const switchedOn = resolution.plugins.filter((plugin) => plugin.outcome !== 'disabled');
  const switchedOff = resolution.plugins.filter((plugin) => plugin.outcome === 'disabled');
  return (
    <Box
      component="section"
      aria-label="Preview result"
      sx={{ mt: 3, display: 'grid', gap: 2, maxWidth: 900 }}
    >
      <Typography>
        Player <strong>{resolution.userId}</strong>, level {resolution.level}, at{' '}
        {new Date(resolution.at).toISOString()}, against {contentLabel(answer.content)}.
      </Typography>
      {answer.content.kind === 'draft' && (
        // The activation takes these plugins' drafts along, so the preview serves them too
        <Typography aria-label="Activated alongside">
          {describeActivatedAlongside(answer.content.alongside)}
        </Typography>
      )}
      {switchedOn.length === 0 && <Typography>No plugin is switched on.</Typography>}
      {switchedOn.map((plugin) => (
        <PluginResult
          key={plugin.pluginId}
          plugin={plugin}
          level={resolution.level}
          abTests={answer.abTests}
        />
      ))}
      {switchedOff.length > 0 && (
        <Typography color="text.secondary">
          Switched off (the player receives nothing):{' '}
          {switchedOff.map((plugin) => plugin.pluginName).join(', ')}
        </Typography>
      )}
    </Box>
  );
}
