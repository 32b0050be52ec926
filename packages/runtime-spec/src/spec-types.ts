// The shapes of the conformance files (v1/README.md), written out here so that this package, its
// reference implementation and whoever loads the files depend on nothing of the console's code.

export interface SpecCondition {
  property: number;
  op: number;
  value: string;
}

export interface SpecAbTest {
  id: string;
  type: number;
  active: boolean;
  salt: string;
  segment: { conditions: SpecCondition[] };
  version: number | null;
  cases: { weight: number; ranges: [number, number][] }[];
}

export interface SpecActivation {
  type: number;
  start: number;
  end: number;
  cooldown: number;
  minLevel: number;
  maxEventDuration: number;
  weeklyOffer: boolean[];
  scheduleOffset: number;
}

export interface SpecConfiguration {
  id: string;
  kind: string;
  activation: SpecActivation;
  data: Record<string, unknown>;
}

export interface SpecPlugin {
  id: number;
  name: string;
  enabled: boolean;
  entries: { abTestId: string; abTestVersion: number; configurations: string[] }[];
}

export interface SpecContent {
  plugins: SpecPlugin[];
  abTests: SpecAbTest[];
  configurations: SpecConfiguration[];
  release: {
    nextReleaseTime: number;
    maxLevel: number;
    nextMaxLevel: number;
    remindVersion: string;
    minimumVersion: string;
    keyValue: string;
  };
}

/** What GET /runtime/v1/snapshot serves in `payload`. */
export interface SpecSnapshot {
  environment: string;
  revision: number;
  hash: string;
  publishedAt: string;
  publishedBy: string;
  content: SpecContent;
}

export interface SpecPlayer {
  userId: string;
  context: {
    Platform?: string;
    ClientVersion?: string;
    FirstCountry?: string;
    Payer?: boolean;
    PurchaseCount?: number;
    PurchaseAmount?: number;
  };
  level?: number;
}

export interface SpecPluginReceipt {
  pluginId: number;
  pluginName: string;
  outcome: string;
  status: number;
  configuration: SpecConfiguration | null;
  abTestId: string | null;
  caseIndex: number | null;
  runningUntil: number | null;
}

/** What POST /runtime/v1/resolve answers in `payload` (without `explain`). */
export interface SpecReceipt {
  kind: 'receipt';
  userId: string;
  level: number;
  at: number;
  plugins: SpecPluginReceipt[];
  assignments: Record<string, number>;
}

export interface ConformanceTest {
  description: string;
  player: SpecPlayer;
  at: number;
  assignments?: Record<string, number>;
  expected: SpecReceipt;
}

export interface ConformanceFile {
  name: string;
  description: string;
  snapshot: SpecSnapshot;
  tests: ConformanceTest[];
}

/** A resolve body every implementation refuses (v1/README.md, "What the resolve call refuses"). */
export interface RequestRefusal {
  description: string;
  /** The body as JSON carries it (a lone surrogate as its `\u` escape). */
  body: unknown;
  /** The refused field, as the console's message names it (`context.Platform`; `body` for the whole). */
  field: string;
  /** The console's 400 `{"error"}` text (and the SDK's ResolveInputError message); a port need not word it so. */
  error: string;
}

/** A snapshot every implementation refuses whole (v1/README.md, "6. Which snapshots are refused"). */
export interface SnapshotRefusal {
  description: string;
  snapshot: unknown;
  /** Where it is wrong, from the top of the snapshot: keys and list indexes. */
  path: (string | number)[];
}

/** v1/refusals.json: the inputs to refuse, beside the files of index.json. */
export interface RefusalsFile {
  name: string;
  description: string;
  requests: RequestRefusal[];
  snapshots: SnapshotRefusal[];
}
