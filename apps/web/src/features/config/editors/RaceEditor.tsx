import { type ConfigKindId, configKindOf, RACE_LABELS } from '@console/domain/config';
import Stack from '@mui/material/Stack';
import { NumberFormField } from '../../../components/form/NumberFormField.tsx';
import { BotSection } from './sections/BotSection.tsx';
import { MatchmakingSection } from './sections/MatchmakingSection.tsx';
import { RacePropertiesSection } from './sections/RacePropertiesSection.tsx';
import { TabEditor } from './sections/TabEditor.tsx';

/**
 * Race editors (Agility Race, Endurance Race, End Of Content): race length and matchmaking,
 * Bot Configuration and Tiers, each tier with its own (optional) matchmaking. A bounded race's tier
 * repeats a number of rotations; an unbounded race's tier has none to set.
 */
export function RaceEditor({ kind }: { kind: ConfigKindId }) {
  const { isBounded } = configKindOf(kind);
  return (
    <Stack spacing={3}>
      <RacePropertiesSection />
      <MatchmakingSection name="data.matchmaking" />
      <BotSection />
      <TabEditor kind={kind} entryLabel="Tier">
        {(index, name) => (
          <Stack spacing={2}>
            {isBounded && <NumberFormField name={`${name}.rotations`} label={RACE_LABELS.rotations} />}
            <MatchmakingSection
              name={`${name}.matchmaking`}
              title={`Tier ${index + 1} matchmaking`}
              isPerTier
            />
          </Stack>
        )}
      </TabEditor>
    </Stack>
  );
}
