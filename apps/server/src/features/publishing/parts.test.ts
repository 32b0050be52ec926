import type { RuntimeContent } from '@console/domain/runtime';
import { describe, expect, it } from 'vitest';
import { makeRuntimeContent } from '../../testing/runtime-revisions.ts';
import { hashRuntimeContent } from './content.service.ts';
import { contentOf, layoutOf, manifestHashes, partsOf, sealItem } from './parts.ts';

// A revision's content as content-addressed parts (parts.ts): it reassembles to exactly the
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

  it('hashes a content by its parts, the same from sealed items as from plain ones, and seals for good', () => {
    const content = makeRuntimeContent({ plugins: 5, cases: 3, padding: 100 });
    const sealed = {
      ...content,
      configurations: content.configurations.map((item) => sealItem(structuredClone(item))),
    };
    expect(partsOf(sealed).manifest).toEqual(partsOf(content).manifest);
    expect(hashRuntimeContent(sealed)).toBe(hashRuntimeContent(content));
    // Any change of any item, or of the order, is a different hash.
    const hashes = new Set([
      hashRuntimeContent(content),
      hashRuntimeContent({ ...content, configurations: content.configurations.slice(1) }),
      hashRuntimeContent({ ...content, configurations: [...content.configurations].reverse() }),
      hashRuntimeContent({ ...content, release: { ...content.release, keyValue: 'a=1;' } }),
      hashRuntimeContent({
        ...content,
        abTests: content.abTests.map((abTest, index) => (index === 0 ? { ...abTest, salt: 'x' } : abTest)),
      }),
    ]);
    expect(hashes.size).toBe(5);
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

  it('lays out random edits of a long list exactly as from scratch, hashing again only near each edit', () => {
    // mulberry32: the same edits on every run.
    let seed = 38;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    };
    // Sealed, as a publish's items are: each is serialised and hashed once.
    const made = makeRuntimeContent({ plugins: 19, cases: 120 });
    const base = { ...made, configurations: made.configurations.map(sealItem) };
    const at = (length: number) => Math.floor(random() * length);
    let count = 0;
    const fresh = (item: RuntimeContent['configurations'][number]) => {
      count += 1;
      return sealItem({ ...item, id: `edit-${count}`, data: { count } });
    };
    type Items = RuntimeContent['configurations'];
    const edits: ((items: Items) => Items)[] = [
      (items) => {
        const index = at(items.length);
        return items.map((item, position) => (position === index ? fresh(item) : item));
      },
      (items) => {
        const index = at(items.length + 1);
        return [...items.slice(0, index), fresh(items[0]!), ...items.slice(index)];
      },
      (items) => items.filter((_, index) => index !== at(items.length)),
      (items) => [fresh(items[0]!), ...items.slice(1)],
      (items) => [...items.slice(0, -1), fresh(items[0]!)],
      (items) => {
        const from = at(items.length);
        return [...items.slice(0, from), ...items.slice(from + 1 + at(200))];
      },
      (items) => items.map((item) => (random() < 0.01 ? fresh(item) : item)),
      (items) => items.slice(0, 1 + at(15)),
      (items) => [...items, ...base.configurations.slice(0, at(2_000))],
    ];
    let before = base;
    let layout = layoutOf(before).layout;
    for (let step = 0; step < 30; step += 1) {
      const edit = step < 2 * edits.length ? edits[step % edits.length]! : edits[at(edits.length)]!;
      const after = { ...before, configurations: edit(before.configurations) };
      const incremental = layoutOf(after, layout);
      const whole = partsOf(after);
      expect(incremental.manifest).toEqual(whole.manifest);
      expect(incremental.hash).toBe(hashRuntimeContent(after));
      const held = partsOf(before).parts;
      const lacking = [...whole.parts.keys()].filter((hash) => !held.has(hash));
      expect(lacking.filter((hash) => !incremental.parts.has(hash))).toEqual([]);
      // One replaced item: the leaves of its node and the nodes above it, not the list.
      if (edit === edits[0] && after.configurations.length > 1_000)
        expect(incremental.parts.size).toBeLessThan(300);
      before = after;
      layout = incremental.layout;
    }
  });
});
