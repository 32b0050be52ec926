import { type ConfigKindId, STREAK_LABELS } from '@console/domain';
import { NumberField } from '../fields/NumberField.tsx';
import { TabEditor } from './sections/TabEditor.tsx';

/** Streak editors (Win Streak, Dive Streak): tiers, each with its Number of levels. */
export function StreakEditor({ kind }: { kind: ConfigKindId }) {
  return (
    <TabEditor kind={kind} entryLabel="Tier">
      {(_index, name) => (
        <NumberField name={`${name}.numberOfItems`} label={STREAK_LABELS.numberOfItems} kind={kind} />
      )}
    </TabEditor>
  );
}
