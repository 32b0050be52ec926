import { type ConfigKindId, STREAK_LABELS } from '@console/domain/config';
import { NumberFormField } from '../../../components/form/NumberFormField.tsx';
import { TabEditor } from './sections/TabEditor.tsx';

/** Streak editors (Win Streak, Dive Streak): tiers, each with its Number of levels. */
export function StreakEditor({ kind }: { kind: ConfigKindId }) {
  return (
    <TabEditor kind={kind} entryLabel="Tier">
      {(_index, name) => (
        <NumberFormField name={`${name}.numberOfItems`} label={STREAK_LABELS.numberOfItems} />
      )}
    </TabEditor>
  );
}
