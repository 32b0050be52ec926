import {
  type PlayerResolution,
  type PluginResolution,
  type RuntimeContent,
  receiptOfPlugin,
} from '@console/domain';

// The answers of POST /runtime/v1/resolve as JSON text, equal (as JSON) to JSON.stringify's of
// {payload: receiptOf(resolution)} and {payload: explanationOf(resolution)}. Built from pieces made once per revision:
// the configurations a resolution hands out are the revision's own objects and make most of an answer's
// bytes, so serialising them per request was the largest cost of the call.

/** The JSON text of each configuration, made once. Weak, so a replaced revision's text goes with it. */
const configurationJson = new WeakMap<object, string>();

function jsonOf(configuration: object): string {
  let text = configurationJson.get(configuration);
  if (text === undefined) {
    text = JSON.stringify(configuration);
    configurationJson.set(configuration, text);
  }
  return text;
}

/** An object's JSON text with one more property, whose value is already JSON text. */
function withProperty(value: object, name: string, json: string): string {
  const text = JSON.stringify(value);
  return `${text.slice(0, -1)}${text === '{}' ? '' : ','}${JSON.stringify(name)}:${json}}`;
}

/** `{"payload": explanationOf(resolution)}` as JSON text: the whole resolution, with the reasons (`explain: true`). */
export function serializeResolution(resolution: PlayerResolution): string {
  const { plugins, ...rest } = resolution;
  const player = { kind: 'explanation', ...rest };
  const pluginTexts = plugins.map(({ configuration, ...plugin }) =>
    withProperty(plugin, 'configuration', configuration === null ? 'null' : jsonOf(configuration)),
  );
  return `{"payload":${withProperty(player, 'plugins', `[${pluginTexts.join(',')}]`)}}`;
}

/**
 * Per revision, a plugin receipt's text up to its only per-request field (runningUntil): a receipt is
 * decided by the plugin, outcome, entry, case and configuration, a few of each per revision.
 */
const receiptHeads = new WeakMap<RuntimeContent, Map<string, string>>();

function receiptHeadOf(heads: Map<string, string>, plugin: PluginResolution): string {
  const abTestId = plugin.matched?.abTestId ?? null;
  const caseIndex = plugin.matched?.caseIndex ?? null;
  const key = `${plugin.pluginId}\u0000${plugin.outcome}\u0000${abTestId}\u0000${caseIndex}\u0000${plugin.configuration?.id}`;
  let head = heads.get(key);
  if (head === undefined) {
    const { configuration, runningUntil: _, ...fixed } = receiptOfPlugin(plugin);
    head = JSON.stringify(fixed).slice(0, -1);
    head += `,"configuration":${configuration === null ? 'null' : jsonOf(configuration)}`;
    heads.set(key, head);
  }
  return head;
}

/** `{"payload": receiptOf(resolution)}` as JSON text; `content` is the revision it was resolved from. */
export function serializeReceipt(content: RuntimeContent, resolution: PlayerResolution): string {
  let heads = receiptHeads.get(content);
  if (heads === undefined) {
    heads = new Map();
    receiptHeads.set(content, heads);
  }
  let plugins = '';
  for (const plugin of resolution.plugins) {
    const runningUntil = plugin.outcome === 'configuration' ? (plugin.matched?.runningUntil ?? null) : null;
    plugins += `${plugins === '' ? '' : ','}${receiptHeadOf(heads, plugin)},"runningUntil":${runningUntil}}`;
  }
  return (
    `{"payload":{"kind":"receipt","userId":${JSON.stringify(resolution.userId)},"level":${resolution.level},` +
    `"at":${resolution.at},"plugins":[${plugins}],"assignments":${JSON.stringify(resolution.assignments)}}}`
  );
}
