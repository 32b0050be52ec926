import type { RuntimeContent } from '@console/domain/runtime';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeRuntimeContent } from '../../testing/runtime-revisions.ts';
import {
  type ContentEdits,
  type ContentLayout,
  type ListEdit,
  layoutOf,
  partsOf,
  sealItem,
} from './parts.ts';

// A layout made from the last one and the edits since (what a publish from what changed does), or from
// the last one alone (the edits found by comparing), is the layout made from scratch: the same manifest
// and hash, and every part the last content lacked listed. Random lists, random edits, several rounds.

type Configuration = RuntimeContent['configurations'][number];

const base = makeRuntimeContent({ plugins: 1 });
let made = 0;
/** A new sealed item (a publish's items are sealed); a few share their body, so equal leaves repeat. */
const fresh = (): Configuration => {
  made += 1;
  return sealItem({ ...base.configurations[0]!, id: `item-${made}`, data: { n: made % 997 } });
};

/**
 * Raw edits, each at a share of the list (or the first node start from there: where reuse begins and
 * ends), made into ordered edits that do not overlap; some remove the rest of the list.
 */
const rawEdit = fc.record({
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  isAtNode: fc.boolean(),
  removed: fc.oneof(fc.nat({ max: 40 }), fc.constant(Number.POSITIVE_INFINITY)),
  inserted: fc.oneof(fc.constant(0), fc.nat({ max: 40 })),
});
type RawEdit = typeof rawEdit extends fc.Arbitrary<infer T> ? T : never;

function editsOf(length: number, layout: ContentLayout, raw: readonly RawEdit[]) {
  // Where the last layout's nodes start (none for a list kept in the manifest).
  const starts: number[] = [];
  let start = 0;
  for (const node of layout.levels.configurations[0]?.nodes ?? []) {
    starts.push(start);
    start += node.children.length;
  }
  const edits: ListEdit[] = [];
  let free = 0;
  for (const { at, isAtNode, removed, inserted } of [...raw].sort((a, b) => a.at - b.at)) {
    const share = Math.floor(at * length);
    const from = Math.max(free, isAtNode ? (starts.find((node) => node >= share) ?? length) : share);
    if (from > length) break;
    const edit = { from, removed: Math.min(removed, length - from), inserted };
    if (edit.removed === 0 && edit.inserted === 0) continue;
    edits.push(edit);
    // An edit right after another would be part of it: the next one starts past it.
    free = from + edit.removed + 1;
  }
  return edits;
}

function applied(list: readonly Configuration[], edits: readonly ListEdit[]): Configuration[] {
  const next: Configuration[] = [];
  let copied = 0;
  for (const { from, removed, inserted } of edits) {
    next.push(...list.slice(copied, from), ...Array.from({ length: inserted }, fresh));
    copied = from + removed;
  }
  next.push(...list.slice(copied));
  return next;
}

/** Each level's nodes by their hashes: what the next layout builds on. */
const nodeHashes = (layout: ContentLayout) =>
  layout.levels.configurations.map((level) => level.nodes.map((node) => node.hash));

describe('laying out a content from the last layout', () => {
  it('equals laying it out from scratch, after any edits, told or found', () => {
    fc.assert(
      fc.property(
        fc.noBias(fc.nat({ max: 2_500 })),
        fc.array(fc.array(rawEdit, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        (length, rounds, isTold) => {
          let content: RuntimeContent = { ...base, configurations: Array.from({ length }, fresh) };
          let layout = layoutOf(content).layout;
          for (const raw of rounds) {
            const edits = editsOf(content.configurations.length, layout, raw);
            const after = { ...content, configurations: applied(content.configurations, edits) };
            const told: ContentEdits = { plugins: [], abTests: [], configurations: edits };
            const incremental = isTold ? layoutOf(after, layout, told) : layoutOf(after, layout);
            const whole = partsOf(after);
            expect(incremental.manifest).toEqual(whole.manifest);
            const scratch = layoutOf(after);
            expect(incremental.hash).toBe(scratch.hash);
            expect(nodeHashes(incremental.layout)).toEqual(nodeHashes(scratch.layout));
            const held = partsOf(content).parts;
            for (const hash of whole.parts.keys())
              if (!held.has(hash)) expect(incremental.parts.has(hash)).toBe(true);
            for (const hash of incremental.parts.keys()) expect(whole.parts.has(hash)).toBe(true);
            content = after;
            layout = incremental.layout;
          }
        },
      ),
      {
        numRuns: 50,
        // Always among them: the list's end removed from a node's start, told and found.
        examples: [true, false].map((isTold): [number, RawEdit[][], boolean] => [
          2_000,
          [[{ at: 0.4, isAtNode: true, removed: Number.POSITIVE_INFINITY, inserted: 0 }]],
          isTold,
        ]),
      },
    );
  });
});
