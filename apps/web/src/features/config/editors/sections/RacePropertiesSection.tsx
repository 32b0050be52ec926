import { type ConfigKindId, RACE_LABELS } from '@console/domain';
import { NumberField } from '../../fields/NumberField.tsx';
import { Section } from './Section.tsx';

/** Shared section "race properties": the race length (scoreTarget). */
export function RacePropertiesSection({ kind }: { kind: ConfigKindId }) {
  return (
    <Section title="Race">
      <NumberField name="data.scoreTarget" label={RACE_LABELS.scoreTarget} kind={kind} />
    </Section>
  );
}
