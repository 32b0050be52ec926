import { type AbTest, caseLabel, formatPercentage, toDisplayPercentages } from '@console/domain/abtest';
import { api } from '@console/domain/endpoints';
import { EMPTY_CONFIGURATION, PLUGIN_MESSAGES, type PluginEntry } from '@console/domain/plugin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { whileBusy } from '../../components/busy.ts';
import { Identifier } from '../../components/Identifier.tsx';
import { ArrowDownwardIcon, ArrowUpwardIcon, DeleteIcon, RefreshIcon } from '../../components/icons.tsx';
import { NeedsRight, useMissingRight } from '../../shell/session/rights.tsx';
import { AbTestInfoCard } from '../abtest/index.ts';

export const NO_CONFIGURATION = 'No configuration';

/** The draft's controls of one entry; left out on the read-only active set. */
export interface EntryEditing {
  isFirst: boolean;
  isLast: boolean;
  /** An autosave is in flight: every control waits for it. */
  isBusy: boolean;
  /** Why the entry is invalid (the info card's warning icon), or null. */
  problem: string | null;
  /**
   * When all versions of the entry's A/B-test are already active: the number version N + 1 would get
   * (planSameWeightsVersion), offered as one click; null otherwise.
   */
  sameWeightsVersion: number | null;
  onCreateSameWeightsVersion(): void;
  onMove(offset: -1 | 1): void;
  onReload(): void;
  onDelete(): void;
  onChoose(caseIndex: number): void;
}

interface PluginEntryCardProps {
  entry: PluginEntry;
  /** The entry's A/B-test; undefined when it no longer exists. */
  abTest: AbTest | undefined;
  /** The plugin's name: configuration links go to /config/{pluginName}/{id}/edit. */
  pluginName: string;
  editing?: EntryEditing;
}

/** Plugin details: one entry, its A/B-test's info card and per case description, weight, configuration. */
export function PluginEntryCard({ entry, abTest, pluginName, editing }: PluginEntryCardProps) {
  const { abTestId, abTestVersion } = entry;
  const version = abTest?.data.versions.find((candidate) => candidate.version === abTestVersion);
  const percentages = version ? toDisplayPercentages(version.cases) : [];
  return (
    <Paper component="section" aria-label={`Entry ${abTestId}`} variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'start', flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 320px' }}>
          {abTest ? (
            <AbTestInfoCard
              abTest={abTest}
              version={abTestVersion}
              isLinked
              isConfigurationInvalid={editing?.problem != null}
              {...(editing?.problem ? { invalidMessage: editing.problem } : {})}
            />
          ) : (
            <Alert severity="warning">{`AB-test ${abTestId} (version ${abTestVersion}) no longer exists`}</Alert>
          )}
        </Box>
        {editing && <EntryActions abTestId={abTestId} editing={editing} />}
      </Box>
      {editing?.problem && editing.sameWeightsVersion !== null && (
        <AllVersionsActiveNotice
          problem={editing.problem}
          version={editing.sameWeightsVersion}
          isBusy={editing.isBusy}
          onCreate={editing.onCreateSameWeightsVersion}
        />
      )}
      <Table size="small" aria-label={`Cases of ${abTestId}`} sx={{ mt: 1 }}>
        <TableHead>
          <TableRow>
            <TableCell>Case</TableCell>
            <TableCell>Description</TableCell>
            <TableCell>Weight</TableCell>
            <TableCell>Configuration</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entry.configurations.map((configId, caseIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: cases are identified by their index
            <TableRow key={caseIndex}>
              <TableCell>{caseLabel(caseIndex)}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>
                <bdi>{abTest?.data.caseDescriptions[caseIndex] ?? ''}</bdi>
              </TableCell>
              <TableCell>
                {percentages[caseIndex] === undefined ? '' : formatPercentage(percentages[caseIndex])}
              </TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <ConfigurationName configId={configId} pluginName={pluginName} />
                  {editing && (
                    <NeedsRight endpoint={api.plugin.saveDraft}>
                      <Button
                        size="small"
                        {...whileBusy(editing.isBusy, () => editing.onChoose(caseIndex))}
                        aria-label={`Choose configuration for ${caseLabel(caseIndex)} of ${abTestId}`}
                      >
                        Choose
                      </Button>
                    </NeedsRight>
                  )}
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

/**
 * The entry's problem in words, with the way out: a new version with the same weights (no player changes
 * case), which the entry moves to. It takes both calls' right: the version's save and the draft's.
 */
function AllVersionsActiveNotice({
  problem,
  version,
  isBusy,
  onCreate,
}: {
  problem: string;
  version: number;
  isBusy: boolean;
  onCreate(): void;
}) {
  const missingDraftRight = useMissingRight(api.plugin.saveDraft);
  return (
    <Alert
      severity="warning"
      sx={{ mt: 1 }}
      action={
        <NeedsRight endpoint={api.abtest.saveVersion} lockedBecause={missingDraftRight}>
          <Button color="inherit" size="small" {...whileBusy(isBusy, onCreate)}>
            {PLUGIN_MESSAGES.sameWeightsVersion(version)}
          </Button>
        </NeedsRight>
      }
    >
      {problem}
    </Alert>
  );
}

function ConfigurationName({ configId, pluginName }: { configId: string; pluginName: string }) {
  if (configId === EMPTY_CONFIGURATION) {
    return <Typography sx={{ color: 'text.secondary' }}>{NO_CONFIGURATION}</Typography>;
  }
  return (
    <Link component={RouterLink} to={`/config/${pluginName}/${encodeURIComponent(configId)}/edit`}>
      <Identifier id={configId} />
    </Link>
  );
}

// Each of them saves the draft: a role without that right sees them disabled, with the reason.
function EntryActions({ abTestId, editing }: { abTestId: string; editing: EntryEditing }) {
  const { isFirst, isLast, isBusy } = editing;
  const action = (label: string, icon: ReactNode, onClick: () => void, isDisabled = false) => (
    <NeedsRight endpoint={api.plugin.saveDraft}>
      <IconButton
        aria-label={`${label} ${abTestId}`}
        title={label}
        disabled={isDisabled}
        {...whileBusy(isBusy, onClick)}
      >
        {icon}
      </IconButton>
    </NeedsRight>
  );
  return (
    <Box sx={{ display: 'flex' }}>
      {action('Move up', <ArrowUpwardIcon />, () => editing.onMove(-1), isFirst)}
      {action('Move down', <ArrowDownwardIcon />, () => editing.onMove(1), isLast)}
      {action('Reload', <RefreshIcon />, editing.onReload)}
      {action('Delete', <DeleteIcon />, editing.onDelete)}
    </Box>
  );
}
