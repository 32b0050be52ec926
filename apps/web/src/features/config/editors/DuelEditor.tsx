import { DUEL_LABELS } from '@console/domain/config';
import { NumberFormField } from '../../../components/form/NumberFormField.tsx';
import { Section } from './sections/Section.tsx';

const FIELDS = [
  'raceProbability',
  'movesLowerLimitFromMean',
  'movesUpperLimitFromMean',
  'defaultMovesLowerLimit',
  'defaultMovesUpperLimit',
] as const satisfies readonly (keyof typeof DUEL_LABELS)[];

/**
 * Duel editor: Chance in percent, Lower and Upper boundary, default lower and upper moves;
 * the bounds and "default lower < default upper" are the domain schema's.
 */
export function DuelEditor() {
  return (
    <Section title="Duel">
      {FIELDS.map((field) => (
        <NumberFormField key={field} name={`data.${field}`} label={DUEL_LABELS[field]} />
      ))}
    </Section>
  );
}
