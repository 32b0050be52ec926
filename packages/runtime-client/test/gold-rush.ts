import { defaultConfigData } from '@console/domain/config';
import { PluginId, SegmentOperation, SegmentProperty } from '@console/domain/enums';
import type { ConsoleUnderTest } from './console-under-test.ts';

// Content for the SDK's tests, made through the operator API as the web app makes it.

export const GOLD_RUSH = PluginId.GOLD_RUSH;

/**
 * GOLD_RUSH switched on with two entries: an A/B-test for iOS players (cases A and B) and one for everybody
 * (control = the plugin's default, and C), each configuration running continuously.
 */
export async function setUpGoldRush(server: ConsoleUnderTest): Promise<void> {
  const kind = 'event/gr';
  const configs = ['sdk-gold-a', 'sdk-gold-b', 'sdk-gold-c'];
  for (const id of configs)
    await server.api(`/api/config/${kind}/create`, {
      id,
      description: `SDK test ${id}`,
      data: defaultConfigData(kind),
      active: true,
    });
  // The draft's activation activates the versions; a test can be switched on only after that.
  const abTest = async (
    id: string,
    weights: number[],
    segment?: { property: number; op: number; value: string },
  ) => {
    await server.api('/api/abtest/create', { id, description: id, type: 0 });
    if (segment) await server.api('/api/segment/save', { abTestId: id, segment: { conditions: [segment] } });
    const { version } = await server.api<{ version: number }>('/api/abtest/versions/save', { id, weights });
    return version;
  };
  const iosVersion = await abTest('sdk-ios', [500_000, 500_000], {
    property: SegmentProperty.Platform,
    op: SegmentOperation.Equals,
    value: 'ios',
  });
  const allVersion = await abTest('sdk-all', [300_000, 700_000]);
  const plugin = await server.api<{ data: { draftRevision: number } }>('/api/plugin/get', {
    pluginId: GOLD_RUSH,
  });
  const saved = await server.api<{ data: { draftRevision: number } }>('/api/plugin/draft/abtest', {
    pluginId: GOLD_RUSH,
    configurations: [
      { abTestId: 'sdk-ios', abTestVersion: iosVersion, configurations: ['sdk-gold-a', 'sdk-gold-b'] },
      { abTestId: 'sdk-all', abTestVersion: allVersion, configurations: ['', 'sdk-gold-c'] },
    ],
    draftRevision: plugin.data.draftRevision,
  });
  await server.api('/api/plugin/draft/activate', {
    pluginId: GOLD_RUSH,
    draftRevision: saved.data.draftRevision,
  });
  for (const id of ['sdk-ios', 'sdk-all'])
    await server.api('/api/abtest/activate/test', { id, active: true });
  await server.api('/api/plugin/activate', { pluginId: GOLD_RUSH, active: true });
}
