import { stableStringify } from '@console/domain/operations';
import type { RuntimeContent } from '@console/domain/runtime';
import { describe, expect, it } from 'vitest';
import { makeRuntimeContent } from '../../testing/runtime-revisions.ts';
import { hashRuntimeContent } from './runtime-content.service.ts';
import {
  contentOf,
  layoutOf,
  manifestHashes,
  partsOf,
  sealItem,
  stableContentText,
} from './runtime-parts.ts';

// A revision's content as content-addressed parts (runtime-parts.ts): it reassembles to exactly the
// content it was cut from, and one changed item makes only the parts on its path new.

const roundTrip = (content: RuntimeContent) => {
  const { manifest, parts } = partsOf(content);
  return contentOf(manifest, (hash) => parts.get(hash)!.body);
};

/** The parts of `after` that `before` does not hold: what publishing `after` over `before` writes. */
function newParts(before: RuntimeContent, after: RuntimeContent) {
  const held = partsOf(before).parts;
  return [...partsOf(after).parts.values()].filter((part) => !held.has(part.hash));
}

describe('runtime content parts', () => {
  it('reassembles every content exactly, in its order, whatever its size', () => {
    for (const [plugins, cases] of [
      [0, 1],
      [1, 1],
      [19, 4],
      [19, 120],
    ] as const) {
      const content = makeRuntimeContent({ plugins, cases, padding: 1_000 });
      expect(roundTrip(content)).toEqual(content);
      // The order is the content's own (this helper's A/B-tests are not sorted by id), repeats kept.
      const repeated = { ...content, configurations: [...content.configurations, ...content.configurations] };
      expect(roundTrip(repeated)).toEqual(repeated);
    }
  });

  it('keeps the manifest small and writes O(1) parts for one changed configuration of thousands', () => {
    const before = makeRuntimeContent({ plugins: 19, cases: 120 });
    expect(before.configurations.length).toBe(2_280);
    const { manifest } = partsOf(before);
    expect(manifest.configurations.depth).toBeGreaterThan(0);
    expect(manifestHashes(manifest).length).toBeLessThanOrEqual(3 * 16 + 1);

    const configurations = before.configurations.map((configuration, index) =>
      index === 1_000 ? { ...configuration, data: { tag: 'changed' } } : configuration,
    );
    const changed = newParts(before, { ...before, configurations });
    // The configuration's leaf and one node per level above it.
    expect(changed.length).toBe(1 + manifest.configurations.depth);
    expect(changed.filter((part) => part.children.length === 0).map((part) => part.body)).toEqual([
      configurations[1_000],
    ]);
  });

  it('cuts nodes by content, so an item added or removed in the middle renews only its neighbourhood', () => {
    const before = makeRuntimeContent({ plugins: 19, cases: 120 });
    const inserted = {
      ...before,
      configurations: [
        ...before.configurations.slice(0, 700),
        { ...before.configurations[0]!, id: 'new' },
        ...before.configurations.slice(700),
      ],
    };
    const { manifest } = partsOf(inserted);
    expect(newParts(before, inserted).length).toBeLessThanOrEqual(1 + 2 * manifest.configurations.depth);
    const removed = { ...before, configurations: before.configurations.filter((_, index) => index !== 700) };
    expect(newParts(before, removed).length).toBeLessThanOrEqual(2 * manifest.configurations.depth);
  });

  it('gives the content text stableStringify gives, from sealed items as from plain ones, and seals for good', () => {
    const content = makeRuntimeContent({ plugins: 5, cases: 3, padding: 100 });
    const plain = stableContentText(content);
    expect(plain).toBe(stableStringify(content));
    const sealed = {
      ...content,
      configurations: content.configurations.map((item) => sealItem(structuredClone(item))),
    };
    expect(stableContentText(sealed)).toBe(plain);
    expect(partsOf(sealed).manifest).toEqual(partsOf(content).manifest);
    // A sealed item cannot change under the text remembered for it.
    expect(() => {
      (sealed.configurations[0]!.data as Record<string, unknown>).tag = 'changed';
    }).toThrow(TypeError);
  });

  it('lays out a content changed from the last one exactly as from scratch, listing every part it adds', () => {
    const sizes = [
      [0, 1],
      [3, 2],
      [19, 40],
    ] as const;
    for (const [plugins, cases] of sizes) {
      const base = makeRuntimeContent({ plugins, cases, padding: 50 });
      const n = base.configurations.length;
      const changes: ((content: RuntimeContent) => RuntimeContent)[] = [
        (content) => content,
        (content) => ({
          ...content,
          configurations: content.configurations.map((item, index) =>
            index === Math.floor(n / 2) ? { ...item, data: { tag: 'changed' } } : item,
          ),
        }),
        (content) => ({ ...content, configurations: content.configurations.slice(1) }),
        (content) => ({
          ...content,
          configurations: [...content.configurations, { ...content.configurations[0]!, id: 'zz-new' }],
        }),
        (content) => ({
          ...content,
          abTests: content.abTests.slice(0, -1),
          plugins: content.plugins.slice(1),
        }),
        (content) => ({ ...content, release: { ...content.release, keyValue: 'a=1;' } }),
      ];
      let before = base;
      let layout = layoutOf(before).layout;
      for (const change of changes) {
        const after = n === 0 && change !== changes[0] && change !== changes[5] ? before : change(before);
        const incremental = layoutOf(after, layout);
        const whole = partsOf(after);
        expect(incremental.hash).toBe(hashRuntimeContent(after));
        expect(incremental.manifest).toEqual(whole.manifest);
        // What it lists is what the content holds, and it lists every part `before` lacked.
        const held = partsOf(before).parts;
        for (const hash of incremental.parts.keys()) expect(whole.parts.has(hash)).toBe(true);
        for (const hash of whole.parts.keys())
          if (!held.has(hash)) expect(incremental.parts.has(hash)).toBe(true);
        before = after;
        layout = incremental.layout;
      }
    }
  });
});
