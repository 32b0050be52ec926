import { MATCHMAKING_ALGORITHM_LABELS, MATCHMAKING_LABELS } from '@console/domain/config';
import { MatchmakingAlgorithm } from '@console/domain/enums';
import { CheckboxFormField } from '../../../../components/form/CheckboxFormField.tsx';
import { NumberFormField } from '../../../../components/form/NumberFormField.tsx';
import { SelectFormField, type SelectOption } from '../../../../components/form/SelectFormField.tsx';
import { Section } from './Section.tsx';

const L = MATCHMAKING_LABELS;

// Matchmaking algorithms TimedBucket 1... Team 5.
const ALGORITHM_OPTIONS: readonly SelectOption<number>[] = Object.values(MatchmakingAlgorithm).map((id) => ({
  value: id,
  label: MATCHMAKING_ALGORITHM_LABELS[id] ?? String(id),
}));

const YES_NO_OPTIONS: readonly SelectOption<boolean>[] = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
];

/** What an empty per-tier value means (per-tier values are optional). */
export const CONFIGURATION_VALUE_LABEL = "Configuration's value";

interface MatchmakingSectionProps {
  /** `data.matchmaking`, or a tier's `data.tiers.N.matchmaking` whose values are optional. */
  name: string;
  title?: string;
  /** A tier's matchmaking: every field may be left empty to use the configuration's value. */
  isPerTier?: boolean;
}

/** Shared section "matchmaking properties": algorithm, group size, close %, open at activation end. */
export function MatchmakingSection({
  name,
  title = 'Matchmaking',
  isPerTier = false,
}: MatchmakingSectionProps) {
  const none = isPerTier ? CONFIGURATION_VALUE_LABEL : undefined;
  const hint = isPerTier ? `Empty: ${CONFIGURATION_VALUE_LABEL.toLowerCase()}` : undefined;
  return (
    <Section title={title}>
      <SelectFormField
        name={`${name}.algorithm`}
        label={L.algorithm}
        options={ALGORITHM_OPTIONS}
        noneLabel={none}
      />
      <NumberFormField name={`${name}.groupSize`} label={L.groupSize} isOptional={isPerTier} hint={hint} />
      <NumberFormField name={`${name}.closePct`} label={L.closePct} isOptional={isPerTier} hint={hint} />
      {isPerTier ? (
        <SelectFormField
          name={`${name}.openAtActivationEnd`}
          label={L.openAtActivationEnd}
          options={YES_NO_OPTIONS}
          noneLabel={none}
        />
      ) : (
        <CheckboxFormField name={`${name}.openAtActivationEnd`} label={L.openAtActivationEnd} />
      )}
    </Section>
  );
}
