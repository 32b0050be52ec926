import { resolvePlayer, SegmentOperation, SegmentProperty } from '@console/domain';
import { describe, expect, it } from 'vitest';
import { makeRuntimeContent } from '../../testing/runtime-revisions.ts';
import { serializeResolution } from './resolution-json.ts';

describe('serializeResolution', () => {
  it('writes the same JSON as JSON.stringify, configurations (reused text) and defaults (null) alike', () => {
    const content = makeRuntimeContent({ plugins: 3, padding: 300 });
    content.abTests[1]!.segment = {
      conditions: [{ property: SegmentProperty.Platform, op: SegmentOperation.Equals, value: 'ios' }],
    };
    const at = Date.parse('2026-03-10T10:30:00Z');
    for (const context of [{ Platform: 'ios' }, { Platform: 'android' }, {}]) {
      for (let round = 0; round < 2; round++) {
        const resolution = resolvePlayer(content, { userId: `player-${round}`, context, level: 5 }, at);
        expect(JSON.parse(serializeResolution(resolution))).toEqual(
          JSON.parse(JSON.stringify({ payload: resolution })),
        );
      }
    }
    const android = resolvePlayer(content, { userId: 'p', context: { Platform: 'android' } }, at);
    expect(android.plugins.map((plugin) => plugin.configuration === null)).toEqual([false, true, false]);
    expect(JSON.parse(serializeResolution({ ...android, plugins: [] }))).toEqual({
      payload: { ...android, plugins: [] },
    });
  });
});
