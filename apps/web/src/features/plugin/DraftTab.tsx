import type { ConfigKindId } from '@console/domain/config';
import { api } from '@console/domain/endpoints';
import {
  checkDraftEntry,
  EMPTY_CONFIGURATION,
  isDraftStale,
  PLUGIN_MESSAGES,
  type PluginDetails,
  planSameWeightsVersion,
} from '@console/domain/plugin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { whileBusy } from '../../components/busy.ts';
import { AddIcon } from '../../components/icons.tsx';
import { NeedsRight, useMissingRight } from '../../shell/session/rights.tsx';
import { AbTestPickerModal } from '../abtest/index.ts';
import { ConfigPickerModal } from '../config/ConfigPickerModal.tsx';
import { ActivationResultDialog } from './ActivationResultDialog.tsx';
import { DraftValidation } from './DraftValidation.tsx';
import { PluginEntryCard } from './PluginEntryCard.tsx';
import { useFetchAbTest, usePluginListQuery } from './plugin.queries.ts';
import { useDraftActivation } from './useDraftActivation.ts';
import { useDraftEditing } from './useDraftEditing.ts';

export const DRAFT_VALID = 'The draft is valid';
/** Under the stale warning the entries may be fine, but the draft cannot be activated yet. */
export const DRAFT_VALID_BUT_STALE = 'The entries are valid; reload the draft to activate it';
export const STALE_NOTICE =
  'The active set changed after this draft was made: activating it would be refused until the draft is reloaded on top of the current active set.';

interface DraftTabProps {
  plugin: PluginDetails;
  /** The configuration kind serving the plugin (the configuration picker's list). */
  kind: ConfigKindId;
  onError(error: unknown): void;
  /** Reloads the plugin and answers it as it is now. */
  reloadPlugin(): Promise<PluginDetails | undefined>;
  /** Close of the activation result dialog (the plugin reloads, the first tab shows). */
  onActivationClosed(): void;
}

/** The draft tab: every edit autosaves; Validate, then Activate. */
export function DraftTab({ plugin, kind, onError, reloadPlugin, onActivationClosed }: DraftTabProps) {
  const fetchAbTest = useFetchAbTest();
  const editing = useDraftEditing(plugin, { fetchAbTest, onError, reloadPlugin });
  const reloadOnTop = async () => {
    const fresh = await reloadPlugin();
    if (fresh) editing.rebase(fresh);
  };
  const activation = useDraftActivation(plugin, {
    onError,
    onActivationClosed,
    onReloadOnTop: () => void reloadOnTop(),
  });
  // The plugins an activation reports on: whether each is switched on (read while the result shows).
  const pluginList = usePluginListQuery({ enabled: activation.outcome !== null });
  const isSwitchedOn = (pluginId: number) =>
    pluginId === plugin.id
      ? plugin.active
      : pluginList.data?.find((listed) => listed.id === pluginId)?.active;
  const isStale = isDraftStale(plugin.data);
  const [isAdding, setAdding] = useState(false);
  const [choosing, setChoosing] = useState<{ index: number; caseIndex: number } | null>(null);
  const { draft } = plugin.data;
  const abTestOf = (id: string) => plugin.abTests.find((abTest) => abTest.id === id);
  const chosenEntry = choosing ? draft[choosing.index] : undefined;
  // A draft that is the active set is told once, above the entries; its entries then carry no warning.
  const isActiveSet = activation.check.isActiveSet;
  const newVersionIndex = draft.findIndex(
    (entry) => planSameWeightsVersion(entry, abTestOf(entry.abTestId)) !== null,
  );

  return (
    <Box>
      {isStale && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <NeedsRight endpoint={api.plugin.saveDraft}>
              <Button color="inherit" {...whileBusy(editing.isSaving, () => void reloadOnTop())}>
                Reload draft
              </Button>
            </NeedsRight>
          }
        >
          {STALE_NOTICE}
        </Alert>
      )}
      <Box component="section" aria-label="Draft validity" sx={{ mb: 2 }}>
        {isActiveSet ? (
          <DraftIsActiveSetNotice
            canStart={newVersionIndex >= 0}
            isBusy={editing.isSaving}
            onStart={() => void editing.createSameWeightsVersion(newVersionIndex)}
          />
        ) : activation.check.isValid && isStale ? (
          <Alert severity="info">{DRAFT_VALID_BUT_STALE}</Alert>
        ) : activation.check.isValid ? (
          <Alert severity="success">{DRAFT_VALID}</Alert>
        ) : (
          <Stack spacing={0.5}>
            {activation.check.messages.map((message) => (
              <Alert key={message} severity="warning">
                {message}
              </Alert>
            ))}
          </Stack>
        )}
      </Box>
      <Stack spacing={2}>
        {draft.map((entry, index) => (
          <PluginEntryCard
            key={entry.abTestId}
            entry={entry}
            abTest={abTestOf(entry.abTestId)}
            pluginName={plugin.name}
            editing={{
              isFirst: index === 0,
              isLast: index === draft.length - 1,
              isBusy: editing.isSaving,
              problem: isActiveSet ? null : checkDraftEntry(entry, abTestOf(entry.abTestId)),
              sameWeightsVersion: planSameWeightsVersion(entry, abTestOf(entry.abTestId))?.next ?? null,
              onCreateSameWeightsVersion: () => void editing.createSameWeightsVersion(index),
              onMove: (offset) => editing.move(index, offset),
              onReload: () => void editing.reload(index),
              onDelete: () => editing.remove(index),
              onChoose: (caseIndex) => setChoosing({ index, caseIndex }),
            }}
          />
        ))}
      </Stack>
      <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
        <NeedsRight endpoint={api.plugin.saveDraft}>
          <Button startIcon={<AddIcon />} {...whileBusy(editing.isSaving, () => setAdding(true))}>
            Add AB-test
          </Button>
        </NeedsRight>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="outlined"
          disabled={draft.length === 0}
          {...whileBusy(activation.isValidating || editing.isSaving, activation.validate)}
        >
          Validate
        </Button>
        <NeedsRight endpoint={api.plugin.activateDraft}>
          <Button
            variant="contained"
            disabled={!activation.canActivate}
            {...whileBusy(editing.isSaving, activation.activate)}
          >
            Activate
          </Button>
        </NeedsRight>
      </Box>
      {activation.usages && (
        <DraftValidation pluginId={plugin.id} usages={activation.usages} hasFatal={activation.hasFatal} />
      )}

      <AbTestPickerModal
        open={isAdding}
        title="Add AB-test"
        onClose={() => setAdding(false)}
        onSelect={(abTest) => {
          setAdding(false);
          if (abTest) editing.add(abTest);
        }}
      />
      <ConfigPickerModal
        open={chosenEntry !== undefined}
        kind={kind}
        selectedId={choosing ? chosenEntry?.configurations[choosing.caseIndex] || null : null}
        onClose={() => setChoosing(null)}
        onSelect={(configuration) => {
          if (choosing) {
            const configId = configuration?.id ?? EMPTY_CONFIGURATION;
            editing.choose(choosing.index, choosing.caseIndex, configId);
          }
          setChoosing(null);
        }}
      />
      <ActivationResultDialog
        outcome={activation.outcome}
        isSwitchedOn={isSwitchedOn}
        onClose={activation.closeOutcome}
      />
    </Box>
  );
}

/**
 * "The draft is the active set: nothing to activate", with "Start a new version" where an entry's A/B-test
 * has all its versions active: the first such entry moves to a new version with the same weights
 * (planSameWeightsVersion), after which the draft is the operator's to change and activate.
 */
function DraftIsActiveSetNotice({
  canStart,
  isBusy,
  onStart,
}: {
  canStart: boolean;
  isBusy: boolean;
  onStart(): void;
}) {
  const missingDraftRight = useMissingRight(api.plugin.saveDraft);
  return (
    <Alert
      severity="info"
      action={
        canStart && (
          <NeedsRight endpoint={api.abtest.saveVersion} lockedBecause={missingDraftRight}>
            <Button color="inherit" size="small" {...whileBusy(isBusy, onStart)}>
              {PLUGIN_MESSAGES.startNewVersion}
            </Button>
          </NeedsRight>
        )
      }
    >
      {PLUGIN_MESSAGES.draftIsActiveSet}
    </Alert>
  );
}
