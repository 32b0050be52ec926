import { type ConfigKindId, DUEL_LABELS } from '@console/domain';
import { NumberField } from '../fields/NumberField.tsx';
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
export function DuelEditor({ kind }: { kind: ConfigKindId }) {
  return (
    <Section title="Duel">
      {FIELDS.map((field) => (
        <NumberField key={field} name={`data.${field}`} label={DUEL_LABELS[field]} kind={kind} />
      ))}
    </Section>
  );
}
