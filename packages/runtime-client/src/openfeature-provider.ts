import { type PluginReceipt, playerContextSchema, resolveRequestSchema } from '@console/domain/runtime';
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
import type { ResolveRequest, RuntimeClient } from './runtime-types.ts';

// An OpenFeature provider over a runtime client: a game server that reads its features through
// OpenFeature reads plugins and the values of the configurations they give. The flag key is a plugin's
// name (GOLD_RUSH), or a plugin's name and a path into the data of the configuration the player
// receives (GOLD_RUSH.reward.amount). The evaluation context is the player: targetingKey is the player
// id; level, at, assignments and the segment properties (Platform, Payer, ...) as resolve() takes them.

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
      this.events.emit(ProviderEvents.ConfigurationChanged, {
        message: `Revision ${change.revision} of environment '${change.snapshot.environment}'`,
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
    const [pluginName = '', ...path] = flagKey.split('.');
    const receipt = this.client.resolve({ ...playerOf(context), explain: false });
    const plugin = receipt.plugins.find((candidate) => candidate.pluginName === pluginName);
    if (!plugin) throw new FlagNotFoundError(`No plugin '${pluginName}' in revision ${snapshot.revision}`);
    const details = {
      variant: plugin.caseIndex === null ? undefined : String(plugin.caseIndex),
      reason: reasonOf(plugin),
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
  const parsed = resolveRequestSchema.safeParse(request);
  if (!parsed.success) {
    throw new InvalidContextError(parsed.error.issues[0]?.message ?? 'invalid evaluation context');
  }
  return parsed.data;
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
