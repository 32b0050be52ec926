import { RACE_LABELS } from '@console/domain/config';
import { NumberFormField } from '../../../../components/form/NumberFormField.tsx';
import { Section } from './Section.tsx';

/** Shared section "race properties": the race length (scoreTarget). */
export function RacePropertiesSection() {
  return (
    <Section title="Race">
      <NumberFormField name="data.scoreTarget" label={RACE_LABELS.scoreTarget} />
    </Section>
  );
}
