import type { PlayerResolution } from '@console/domain';

/**
 * The JSON text of each configuration a resolution hands out, made once: resolvePlayer answers the
 * revision's own configuration objects (never copies), and they make most of an answer's bytes (a
 * 5 KB snapshot's configurations are ~9 KB of answer over 5 plugins; serialising them per request
 * was the largest cost of POST /runtime/v1/resolve). Weak, so a replaced revision's text goes with it.
 */
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

/** `{"payload": resolution}` as JSON text, equal (as JSON) to JSON.stringify's. */
export function serializeResolution(resolution: PlayerResolution): string {
  const { plugins, ...player } = resolution;
  const pluginTexts = plugins.map(({ configuration, ...plugin }) =>
    withProperty(plugin, 'configuration', configuration === null ? 'null' : jsonOf(configuration)),
  );
  return `{"payload":${withProperty(player, 'plugins', `[${pluginTexts.join(',')}]`)}}`;
}
