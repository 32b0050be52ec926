import type { MetricKind } from '@console/domain/experiment';

// The words of the metric screens: the form's labels (messages name a field by its label, not its wire
// name) and each kind in a phrase.

export const METRIC_FIELD_LABELS = {
  id: 'ID',
  name: 'Name',
  kind: 'Kind',
  event: 'Event',
  denominatorEvent: 'Denominator event',
  conversionWindowDays: 'Conversion window (days)',
  higherIsBetter: 'Higher is better',
  guardrail: 'Guardrail',
} as const;

export const METRIC_KIND_LABELS: Readonly<Record<MetricKind, string>> = {
  conversion: 'Conversion',
  mean: 'Mean per player',
  ratio: 'Ratio',
  revenue: 'Revenue per player',
};

/** What a kind measures, under the kind's choice. */
export const METRIC_KIND_HINTS: Readonly<Record<MetricKind, string>> = {
  conversion: 'The share of exposed players who had the event within the window after their first exposure',
  mean: "The event's values per exposed player (a count when it has no value)",
  ratio: "The sum of the event's values over the sum of the denominator event's, over exposed players",
  revenue: 'The amounts of the event per exposed player',
};

/** The metric screens' toasts are of one kind: the newest change of a metric replaces an older toast. */
export const METRIC_TOAST = { kind: 'metric' } as const;
