import { createHash } from 'node:crypto';
import { referenceResolve } from '../reference/resolve.ts';
import type {
  ConformanceFile,
  SpecAbTest,
  SpecActivation,
  SpecCondition,
  SpecConfiguration,
  SpecContent,
  SpecPlayer,
  SpecPlugin,
} from '../spec-types.ts';

// Small builders for the conformance files' inputs: snapshots as the console publishes them (every
// activation field present) and tests whose expected answer the reference implementation computes.

export const SECOND = 1_000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** The default instant of the files: Sunday 2024-03-10 10:30 UTC. */
export const AT = Date.UTC(2024, 2, 10, 10, 30);
export const at = (iso: string): number => Date.parse(iso);

export const AbTestType = { Sticky: 0, Dynamic: 10, Rollout: 20 } as const;
export const Property = {
  Platform: 2,
  ClientVersion: 3,
  FirstCountry: 10,
  Payer: 20,
  PurchaseCount: 21,
  PurchaseAmount: 22,
  UserId: 30,
} as const;
export const Op = { Equals: 1, NotEquals: 2, GreaterThan: 3, LessThan: 4, Contains: 5 } as const;
export const ActivationType = {
  OneShot: 1,
  Continuous: 2,
  Schedule: 3,
  Every5Min: 7,
  Every15Min: 8,
  Every30Min: 9,
  Hourly: 10,
  Daily: 11,
  Weekly: 12,
  EveryOther5Min: 13,
} as const;

export const condition = (property: number, op: number, value: string): SpecCondition => ({
  property,
  op,
  value,
});

/** Contiguous ranges for weights (in millionths), in case order. */
export function rangesOf(weights: readonly number[]): [number, number][][] {
  let start = 0;
  return weights.map((weight) => {
    const range: [number, number] = [start, start + weight];
    start += weight;
    return weight > 0 ? [range] : [];
  });
}

export function abTest(
  id: string,
  fields: Partial<Omit<SpecAbTest, 'cases'>> & { ranges?: [number, number][][] } = {},
): SpecAbTest {
  const { ranges = rangesOf([1_000_000]), ...rest } = fields;
  return {
    id,
    type: AbTestType.Dynamic,
    active: true,
    salt: id,
    segment: { conditions: [] },
    version: 1,
    cases: ranges.map((caseRanges) => ({
      weight: caseRanges.reduce((total, [start, end]) => total + Math.max(0, end - start), 0),
      ranges: caseRanges,
    })),
    ...rest,
  };
}

/** Every activation field, at the console's defaults unless given (minimum level 1 here). */
export function activation(fields: Partial<SpecActivation> = {}): SpecActivation {
  return {
    type: ActivationType.Continuous,
    start: 0,
    end: 0,
    cooldown: 0,
    minLevel: 1,
    maxEventDuration: 43_200,
    weeklyOffer: Array.from({ length: 56 }, () => false),
    scheduleOffset: 0,
    ...fields,
  };
}

/** The 56 slots with these selected. */
export const slots = (...selected: number[]): boolean[] =>
  Array.from({ length: 56 }, (_, slot) => selected.includes(slot));

export function configuration(
  id: string,
  fields: { kind?: string; activation?: Partial<SpecActivation>; data?: Record<string, unknown> } = {},
): SpecConfiguration {
  return {
    id,
    kind: fields.kind ?? 'ar',
    activation: activation(fields.activation),
    data: fields.data ?? { id },
  };
}

export function plugin(
  id: number,
  entries: [abTestId: string, configurations: string[], version?: number][],
  enabled = true,
): SpecPlugin {
  return {
    id,
    name: `PLUGIN_${id}`,
    enabled,
    entries: entries.map(([abTestId, configurations, abTestVersion = 1]) => ({
      abTestId,
      abTestVersion,
      configurations,
    })),
  };
}

export function content(parts: Pick<SpecContent, 'plugins' | 'abTests' | 'configurations'>): SpecContent {
  const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return {
    plugins: [...parts.plugins].sort((a, b) => a.id - b.id),
    abTests: [...parts.abTests].sort(byId),
    configurations: [...parts.configurations].sort(byId),
    release: {
      nextReleaseTime: 0,
      maxLevel: 100,
      nextMaxLevel: 100,
      remindVersion: '1.0.0',
      minimumVersion: '1.0.0',
      keyValue: '',
    },
  };
}

/** JSON with every object's keys sorted: what a file's snapshot hash names (any name of the content would do). */
function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${stableStringify(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export interface CaseInput {
  description: string;
  player: SpecPlayer;
  at?: number;
  assignments?: Record<string, number>;
}

/** A conformance file: the snapshot of `specContent`, and each case with the reference's receipt. */
export function specFile(
  name: string,
  description: string,
  specContent: SpecContent,
  cases: readonly CaseInput[],
): ConformanceFile {
  return {
    name,
    description,
    snapshot: {
      environment: 'spec',
      revision: 1,
      hash: createHash('sha256').update(stableStringify(specContent)).digest('hex'),
      publishedAt: '2024-03-01T00:00:00.000Z',
      publishedBy: 'spec@example.com',
      content: specContent,
    },
    tests: cases.map(({ description: testDescription, player, at: when = AT, assignments }) => ({
      description: testDescription,
      player,
      at: when,
      ...(assignments === undefined ? {} : { assignments }),
      expected: referenceResolve(specContent, player, when, assignments),
    })),
  };
}

export const player = (userId: string, context: SpecPlayer['context'] = {}, level?: number): SpecPlayer =>
  level === undefined ? { userId, context } : { userId, context, level };
