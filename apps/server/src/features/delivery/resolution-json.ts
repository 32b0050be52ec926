import type { PlayerReceipt, PlayerResolution } from '@console/domain/runtime';

// The answers of POST /runtime/v1/resolve as JSON text, equal (as JSON) to JSON.stringify's of
// {payload: receipt} and {payload: explanationOf(resolution)}. The configurations a resolution hands out
// are the revision's own objects and make most of an answer's bytes: each is serialised once and its text
// reused by every answer that hands it out.

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

/** The JSON text of the few distinct short texts a receipt repeats (plugin names, A/B-test ids). */
const textJson = new Map<string, string>();
const MAX_TEXTS_KEPT = 10_000;

function jsonOfText(text: string): string {
  let json = textJson.get(text);
  if (json === undefined) {
    json = JSON.stringify(text);
    if (textJson.size >= MAX_TEXTS_KEPT) textJson.clear();
    textJson.set(text, json);
  }
  return json;
}

/** `{"payload": receipt}` as JSON text: what POST /runtime/v1/resolve answers unless `explain` is true. */
export function serializeReceipt(receipt: PlayerReceipt): string {
  let plugins = '';
  for (const plugin of receipt.plugins) {
    const { configuration, abTestId } = plugin;
    plugins +=
      `${plugins === '' ? '' : ','}{"pluginId":${plugin.pluginId},"pluginName":${jsonOfText(plugin.pluginName)},` +
      `"outcome":"${plugin.outcome}","status":${plugin.status},` +
      `"configuration":${configuration === null ? 'null' : jsonOf(configuration)},` +
      `"abTestId":${abTestId === null ? 'null' : jsonOfText(abTestId)},"caseIndex":${plugin.caseIndex},` +
      `"runningUntil":${plugin.runningUntil}}`;
  }
  return (
    `{"payload":{"kind":"receipt","userId":${JSON.stringify(receipt.userId)},"level":${receipt.level},` +
    `"at":${receipt.at},"plugins":[${plugins}],"assignments":${JSON.stringify(receipt.assignments)}}}`
  );
}
