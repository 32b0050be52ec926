import {
  type AbTestCaseAnswer,
  checkResolveRequest,
  type PluginReceipt,
  playerContextSchema,
  ResolveInputError,
  type ResolveRequest,
  type RuntimeRevisionEvent,
  resolveAbTestCase,
} from '@console/domain/runtime';
import {
  type EvaluationContext,
  type FlagMetadata,
  FlagNotFoundError,
  InvalidContextError,
  type JsonValue,
  OpenFeatureEventEmitter,
  type Provider,
  ProviderEvents,
  ProviderNotReadyError,
  type ResolutionDetails,
  StandardResolutionReasons,
  TargetingKeyMissingError,
  TypeMismatchError,
} from '@openfeature/server-sdk';
import type { RuntimeClient } from './runtime-types.ts';

// An OpenFeature provider over a runtime client: a game server that reads its features through
// OpenFeature reads plugins, the values of the configurations they give, and A/B-tests. The flag key is a
// plugin's name (GOLD_RUSH), a plugin's name and a path into the data of the configuration the player
// receives (GOLD_RUSH.reward.amount), or `abtest:` and an A/B-test's id (abtest:spring-sale: the player's
// case; ':' is in no plugin name or A/B-test id). The evaluation context is the player: targetingKey is
// the player id; level, at, assignments and the segment properties (Platform, Payer, ...) as resolve()
// takes them. A variant is named after the case as the screens number it: case-1 is the control (case
// index 0), case-2 the next; a flag has a variant only when its value came from the player's case.

/** The prefix of an A/B-test's flag key. */
export const ABTEST_FLAG_PREFIX = 'abtest:';

/** The variant of the case with this 0-based index: "case-1" for the control, as "Case 1 (control)" on screen. */
export const variantOfCase = (caseIndex: number): string => `case-${caseIndex + 1}`;

export interface RuntimeProviderOptions {
  /** The time limit of the client's start when OpenFeature initialises the provider (ms; see start()). */
  startTimeoutMs?: number;
}

type FlagType = 'boolean' | 'string' | 'number' | 'object';

/** The player attributes a context may carry besides targetingKey. */
const PLAYER_ATTRIBUTES = ['level', 'at', 'assignments'] as const;
const CONTEXT_ATTRIBUTES = Object.keys(playerContextSchema.shape);

export class RuntimeOpenFeatureProvider implements Provider {
  readonly metadata = { name: 'live-ops-console runtime' } as const;
  readonly runsOn = 'server' as const;
  readonly events = new OpenFeatureEventEmitter();
  private readonly client: RuntimeClient;
  private readonly startTimeoutMs: number | undefined;

  constructor(client: RuntimeClient, options: RuntimeProviderOptions = {}) {
    this.client = client;
    this.startTimeoutMs = options.startTimeoutMs;
    client.on('revision', (change) => {
      if (change.previousRevision === null) return;
      const flagsChanged = flagsChangedBy(change.changes);
      this.events.emit(ProviderEvents.ConfigurationChanged, {
        message: `Revision ${change.revision} of environment '${change.snapshot.environment}'`,
        ...(flagsChanged ? { flagsChanged } : {}),
      });
    });
    client.on('stopped', (error) => {
      this.events.emit(ProviderEvents.Error, { message: `${error.message} (${error.status})` });
    });
  }

  /** Starts the client (OpenFeature.setProviderAndWait waits for it): rejects as start() does. */
  async initialize(): Promise<void> {
    await this.client.start(this.startTimeoutMs === undefined ? {} : { timeoutMs: this.startTimeoutMs });
  }

  async onClose(): Promise<void> {
    await this.client.close();
  }

  async resolveBooleanEvaluation(flagKey: string, defaultValue: boolean, context: EvaluationContext) {
    return this.evaluate(flagKey, defaultValue, context, 'boolean');
  }

  async resolveStringEvaluation(flagKey: string, defaultValue: string, context: EvaluationContext) {
    return this.evaluate(flagKey, defaultValue, context, 'string');
  }

  async resolveNumberEvaluation(flagKey: string, defaultValue: number, context: EvaluationContext) {
    return this.evaluate(flagKey, defaultValue, context, 'number');
  }

  async resolveObjectEvaluation<T extends JsonValue>(
    flagKey: string,
    defaultValue: T,
    context: EvaluationContext,
  ): Promise<ResolutionDetails<T>> {
    return this.evaluate(flagKey, defaultValue, context, 'object');
  }

  private evaluate<T>(flagKey: string, defaultValue: T, context: EvaluationContext, type: FlagType) {
    const snapshot = this.client.snapshot;
    if (!snapshot) throw new ProviderNotReadyError('The runtime client has no snapshot yet');
    if (flagKey.startsWith(ABTEST_FLAG_PREFIX)) {
      const abTestId = flagKey.slice(ABTEST_FLAG_PREFIX.length);
      const answer = resolveAbTestCase(snapshot.content, playerOf(context), abTestId);
      if (answer.outcome === 'abtest-missing') {
        throw new FlagNotFoundError(`No A/B-test '${abTestId}' in revision ${snapshot.revision}`);
      }
      return abTestDetails(abTestId, answer, defaultValue, type, snapshot.revision);
    }
    const [pluginName = '', ...path] = flagKey.split('.');
    const receipt = this.client.resolve({ ...playerOf(context), explain: false });
    const plugin = receipt.plugins.find((candidate) => candidate.pluginName === pluginName);
    if (!plugin) throw new FlagNotFoundError(`No plugin '${pluginName}' in revision ${snapshot.revision}`);
    const reason = reasonOf(plugin);
    const details = {
      // Only a value the case gave has a variant: a default given because the configuration does not run
      // or the player is below its level is not the case's (the case stays in the metadata).
      variant:
        reason === StandardResolutionReasons.SPLIT && plugin.caseIndex !== null
          ? variantOfCase(plugin.caseIndex)
          : undefined,
      reason,
      flagMetadata: metadataOf(plugin, snapshot.revision),
    };
    const { configuration } = plugin;
    if (path.length === 0) {
      // The plugin itself: whether it gives a configuration, which one, or its data.
      if (type === 'boolean') return { ...details, value: (configuration !== null) as T };
      if (type === 'number') {
        throw new TypeMismatchError(
          `${pluginName} is read as a boolean, a string (the configuration id) or an object (its data); ` +
            `read a number inside it as ${pluginName}.<field>`,
        );
      }
      if (configuration === null) return { ...details, value: defaultValue };
      return { ...details, value: (type === 'string' ? configuration.id : configuration.data) as T };
    }
    if (configuration === null) return { ...details, value: defaultValue };
    const value = valueAt(configuration.data, path);
    if (value === undefined) {
      throw new FlagNotFoundError(
        `The configuration '${configuration.id}' of ${pluginName} has no value at '${path.join('.')}'`,
      );
    }
    if (typeOf(value) !== type) {
      throw new TypeMismatchError(`${flagKey} is ${typeOf(value)}, not ${type}`);
    }
    return { ...details, value: value as T };
  }
}

/** The player an evaluation context describes, checked by the same rules as POST /runtime/v1/resolve. */
function playerOf(context: EvaluationContext): ResolveRequest {
  const userId = context.targetingKey;
  if (userId === undefined || userId === '')
    throw new TargetingKeyMissingError('targetingKey (the player id) is required');
  const request: Record<string, unknown> = { userId };
  for (const name of PLAYER_ATTRIBUTES) {
    const value = context[name];
    if (value !== undefined) request[name] = value instanceof Date ? value.getTime() : value;
  }
  const playerContext: Record<string, unknown> = {};
  for (const name of CONTEXT_ATTRIBUTES) if (context[name] !== undefined) playerContext[name] = context[name];
  request.context = playerContext;
  try {
    return checkResolveRequest(request);
  } catch (error) {
    // the same refusal as POST /runtime/v1/resolve's 400, as OpenFeature's error for a bad context
    if (error instanceof ResolveInputError) throw new InvalidContextError(error.message);
    throw error;
  }
}

/**
 * OpenFeature's reasons: a switched-off plugin is DISABLED; a case of an A/B-test that decided what the
 * player gets (a configuration, or the control's default) is SPLIT; any other default is DEFAULT.
 * The console's own outcome is in the flag metadata.
 */
function reasonOf(plugin: PluginReceipt): string {
  if (plugin.outcome === 'disabled') return StandardResolutionReasons.DISABLED;
  if (plugin.outcome === 'configuration' || plugin.outcome === 'default')
    return StandardResolutionReasons.SPLIT;
  return StandardResolutionReasons.DEFAULT;
}

/**
 * An A/B-test read as a flag: its value is the player's case. A string is the variant (case-1, ...), a
 * number the 0-based case index (as receipts and exposures give it), a boolean whether the player is in
 * the test at all, an object `{abTestId, version, caseIndex, variant}`. A player the test places in no
 * case gets the caller's default: reason DISABLED for an inactive test, DEFAULT otherwise, no variant.
 */
function abTestDetails<T>(
  abTestId: string,
  answer: Exclude<AbTestCaseAnswer, { outcome: 'abtest-missing' }>,
  defaultValue: T,
  type: FlagType,
  revision: number,
): ResolutionDetails<T> {
  const flagMetadata: FlagMetadata = { abTestId, outcome: answer.outcome, revision };
  if (answer.outcome !== 'case') {
    const reason =
      answer.outcome === 'abtest-inactive'
        ? StandardResolutionReasons.DISABLED
        : StandardResolutionReasons.DEFAULT;
    return { value: type === 'boolean' ? (false as T) : defaultValue, reason, flagMetadata };
  }
  const variant = variantOfCase(answer.caseIndex);
  flagMetadata.caseIndex = answer.caseIndex;
  flagMetadata.version = answer.version;
  const values: Record<FlagType, unknown> = {
    string: variant,
    number: answer.caseIndex,
    boolean: true,
    object: { abTestId, version: answer.version, caseIndex: answer.caseIndex, variant },
  };
  return { value: values[type] as T, variant, reason: StandardResolutionReasons.SPLIT, flagMetadata };
}

/**
 * The flags a revision changed, from what the stream told of each revision since the last: the plugins
 * (a plugin counts as changed when an A/B-test or configuration it serves did) and the A/B-tests.
 * Undefined when that is not known (a reset, a revision found by the safety refetch): every flag may have.
 */
function flagsChangedBy(changes: readonly RuntimeRevisionEvent[] | null): string[] | undefined {
  if (changes === null || changes.some((event) => event.changed === null)) return undefined;
  const flags = new Set<string>();
  for (const { changed } of changes) {
    for (const plugin of changed!.plugins) flags.add(plugin);
    for (const abTestId of changed!.abTests) flags.add(`${ABTEST_FLAG_PREFIX}${abTestId}`);
  }
  return [...flags].sort();
}

function metadataOf(plugin: PluginReceipt, revision: number): FlagMetadata {
  // status: the world event status a game server tells the player (WorldEventStatus: Running 2, ...).
  const metadata: FlagMetadata = {
    pluginId: plugin.pluginId,
    outcome: plugin.outcome,
    status: plugin.status,
    revision,
  };
  if (plugin.abTestId !== null) metadata.abTestId = plugin.abTestId;
  if (plugin.caseIndex !== null) metadata.caseIndex = plugin.caseIndex;
  if (plugin.configuration !== null) metadata.configurationId = plugin.configuration.id;
  if (plugin.runningUntil !== null) metadata.runningUntil = plugin.runningUntil;
  return metadata;
}

function valueAt(data: unknown, path: readonly string[]): unknown {
  let value = data;
  for (const name of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, name)) return undefined;
    value = (value as Record<string, unknown>)[name];
  }
  return value;
}

function typeOf(value: unknown): FlagType | 'null' {
  if (value === null) return 'null';
  const type = typeof value;
  return type === 'boolean' || type === 'string' || type === 'number' ? type : 'object';
}
