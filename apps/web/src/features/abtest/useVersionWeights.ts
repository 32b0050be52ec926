import {
  addCase,
  caseLabel,
  checkDistribution,
  distributeEqually,
  formatPercentage,
  readPercentEntry,
  removeCase,
  setCaseWeight,
  sumWeights,
  type VersionPercentsForm,
  validateWeights,
  WEIGHT_PER_PERCENT,
  weightToPercent,
} from '@console/domain/abtest';
import { useState } from 'react';
import { type Control, type UseFormSetValue, useWatch } from 'react-hook-form';

export const percentTextOf = (weight: number) => String(weightToPercent(weight));

/** "100.00%", or with 4 decimals when 2 would round a total that is not exact (99.9999%). */
function formatTotal(total: number): string {
  const percent = weightToPercent(total);
  return formatPercentage(percent, total % (WEIGHT_PER_PERCENT / 100) === 0 ? 2 : 4);
}

/**
 * The texts after a change of the weights: the field being typed in keeps its text, a field whose
 * weight changed (or that the change wrote) shows the new weight, any other keeps what it shows.
 */
function textsAfter(
  texts: readonly string[],
  previous: readonly number[],
  next: readonly number[],
  { typed, written = () => false }: { typed?: number; written?: (index: number) => boolean } = {},
): string[] {
  return next.map((weight, i) =>
    i !== typed && (weight !== previous[i] || written(i)) ? percentTextOf(weight) : (texts[i] ?? ''),
  );
}

interface PercentsForm {
  control: Control<VersionPercentsForm, unknown, unknown>;
  setValue: UseFormSetValue<VersionPercentsForm>;
}

/**
 * The case weights of Create Version as the operator edits them. Every field shows exactly what will be
 * sent; an entry that does not read as a percent is marked with the reason and changes nothing else; the
 * total is the sum of what the fields show; `problem` says why Create is not possible yet ('' when it is).
 */
export function useVersionWeights({ control, setValue }: PercentsForm, initialWeights: readonly number[]) {
  const percents = useWatch({ control, name: 'percents' });
  // Each field's last valid weight: where the next edit is balanced from. Never sent: a valid field
  // always shows its weight, and an invalid one blocks Create.
  const [weights, setWeights] = useState(() => [...initialWeights]);
  const [notice, setNotice] = useState<string | null>(null);
  const entries = percents.map(readPercentEntry);

  const show = (nextWeights: number[], nextTexts: string[]) => {
    setWeights(nextWeights);
    setValue('percents', nextTexts);
    setNotice(null);
  };

  const shownWeights = entries.map((entry) => (entry.ok ? entry.weight : 0));
  const invalidCount = entries.filter((entry) => !entry.ok).length;
  const check = validateWeights(shownWeights);
  const firstInvalid = entries.findIndex((entry) => !entry.ok);
  const problem =
    invalidCount === 1
      ? `${caseLabel(firstInvalid)} is invalid`
      : invalidCount > 1
        ? `${invalidCount} weights are invalid`
        : check.ok
          ? ''
          : check.error.message;

  return {
    percents,
    entries,
    notice,
    dismissNotice: () => setNotice(null),
    total: formatTotal(sumWeights(shownWeights)),
    problem,

    type(index: number, text: string) {
      const entry = readPercentEntry(text);
      if (!entry.ok) {
        show(
          weights,
          percents.map((t, i) => (i === index ? text : t)),
        );
        return;
      }
      const next = setCaseWeight(weights, index, entry.weight);
      show(next, textsAfter(percents, weights, next, { typed: index }).with(index, text));
    },

    leave(index: number) {
      const entry = entries[index];
      // "12." or "12,5" reads as 12 / 12.5: leaving the field shows it the way it is sent.
      if (entry?.ok) setValue('percents', percents.with(index, percentTextOf(entry.weight)));
    },

    distributeAfter(index: number) {
      const keptCount = index + 1;
      const invalidIndex = entries.slice(0, keptCount).findIndex((entry) => !entry.ok);
      if (invalidIndex >= 0) {
        setNotice(`${caseLabel(invalidIndex)} is not a valid percentage yet`);
        return;
      }
      const distribution = checkDistribution(weights, keptCount);
      if (!distribution.ok) {
        setNotice(distribution.error.message);
        return;
      }
      const next = distributeEqually(weights, keptCount);
      show(next, textsAfter(percents, weights, next, { written: (i) => i >= keptCount }));
    },

    remove(index: number) {
      const next = removeCase(weights, index);
      const without = <T>(list: readonly T[]) => list.filter((_, i) => i !== index);
      show(next, textsAfter(without(percents), without(weights), next));
    },

    add() {
      const next = addCase(weights);
      show(next, [...percents, percentTextOf(next.at(-1) ?? 0)]);
    },
  };
}
