import { createHash } from 'node:crypto';
import { stableStringify } from '@console/domain/operations';
import type { RuntimeContent } from '@console/domain/runtime';

// A revision's content as content-addressed parts (docs/decisions/0253): each plugin,
// A/B-test and configuration, and the release info, is a leaf part stored once per environment by the
// hash of its JSON; each of the three lists is a tree of node parts (lists of child hashes) cut where
// a child's hash says so, so a change of one item rewrites only the nodes on its path, and a revision is
// a small manifest naming the top of each tree. Revisions share every part they have in common. The
// content's hash is the hash of its manifest (docs/decisions/0417-runtime-revisions-the-content-hash-is-the-hash.md):
// the top of a hash tree over the same parts, so a change re-hashes the nodes on its path, not the content.

/** The lists of RuntimeContent stored as trees, in the content's order. */
export const RUNTIME_PART_LISTS = ['plugins', 'abTests', 'configurations'] as const;
type PartList = (typeof RUNTIME_PART_LISTS)[number];

/** A node ends after a child whose hash is 0 modulo this: nodes hold about this many children. */
const FANOUT = 32;
/** No node holds more children than this, whatever the hashes. */
const MAX_CHILDREN = 4 * FANOUT;
/** A list's top is kept in the manifest itself once it has at most this many entries. */
const MAX_TOP = 16;

/** One list in the manifest: the hashes at its top, `depth` levels of nodes above the leaves (0: leaves). */
export interface ManifestList {
  depth: number;
  parts: string[];
}

/** What runtime_revision.manifest holds. */
export type RevisionManifest = Record<PartList, ManifestList> & { release: string };

export interface RuntimePart {
  hash: string;
  /** A leaf: the item's JSON; a node: its children's hashes (stored in `children` alone). */
  body: unknown;
  /** A node's children (in order, repeats kept); empty for a leaf. */
  children: string[];
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The leaf hash of each item sealed (deep-frozen) by `sealItem`. */
const sealed = new WeakMap<object, string>();

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const element of Object.values(value)) deepFreeze(element);
}

/**
 * Freezes an item of content at every depth and remembers its leaf hash, so a build that reuses it
 * (content.service.ts) neither serialises nor hashes it again: a frozen item cannot change, so
 * what is remembered stays true.
 */
export function sealItem<T extends object>(item: T): T {
  if (sealed.has(item)) return item;
  deepFreeze(item);
  sealed.set(item, sha256(stableStringify(item)));
  return item;
}

/** A leaf is an object and a node an array, so a leaf's hash never names a node. */
const leafHash = (item: unknown) =>
  (item !== null && typeof item === 'object' && sealed.get(item)) || sha256(stableStringify(item));

const nodeHash = (children: readonly string[]) => sha256(JSON.stringify(children));

/**
 * Whether a level's node ends after a child: its hash's first 8 hex digits are 0 mod FANOUT, or the node
 * holds MAX_CHILDREN. The cuts depend on the children, not their positions, so a change moves only its own.
 */
const isCut = (hash: string, children: number) =>
  Number.parseInt(hash.slice(0, 8), 16) % FANOUT === 0 || children === MAX_CHILDREN;

/** Where the content cuts a level into nodes (isCut). */
function cut(hashes: readonly string[]): string[][] {
  const nodes: string[][] = [];
  let node: string[] = [];
  for (const hash of hashes) {
    node.push(hash);
    if (isCut(hash, node.length)) {
      nodes.push(node);
      node = [];
    }
  }
  if (node.length > 0) nodes.push(node);
  return nodes;
}

/** The content's manifest and every part it consists of (by hash; a part used twice appears once). */
export function partsOf(content: RuntimeContent): {
  manifest: RevisionManifest;
  parts: Map<string, RuntimePart>;
} {
  const parts = new Map<string, RuntimePart>();
  const leaf = (item: unknown) => {
    const hash = leafHash(item);
    if (!parts.has(hash)) parts.set(hash, { hash, body: item, children: [] });
    return hash;
  };
  const tree = (items: readonly unknown[]): ManifestList => {
    let level = items.map(leaf);
    let depth = 0;
    while (level.length > MAX_TOP) {
      const nodes = cut(level);
      level = nodes.map((children) => {
        const hash = nodeHash(children);
        if (!parts.has(hash)) parts.set(hash, { hash, body: children, children });
        return hash;
      });
      depth += 1;
    }
    return { depth, parts: level };
  };
  const manifest = {
    plugins: tree(content.plugins),
    abTests: tree(content.abTests),
    configurations: tree(content.configurations),
    release: leaf(content.release),
  };
  return { manifest, parts };
}

/** Every hash a manifest names directly (its lists' tops and the release), repeats kept. */
export const manifestHashes = (manifest: RevisionManifest): string[] => [
  ...RUNTIME_PART_LISTS.flatMap((list) => manifest[list].parts),
  manifest.release,
];

/**
 * The content a manifest names, from its parts' bodies (`bodyOf` answers each hash's stored body).
 * Unparsed: the caller checks it against the snapshot schema.
 */
export function contentOf(manifest: RevisionManifest, bodyOf: (hash: string) => unknown): unknown {
  const expand = (list: ManifestList) => {
    let level = list.parts;
    for (let depth = list.depth; depth > 0; depth -= 1)
      level = level.flatMap((hash) => bodyOf(hash) as string[]);
    return level.map(bodyOf);
  };
  return {
    plugins: expand(manifest.plugins),
    abTests: expand(manifest.abTests),
    configurations: expand(manifest.configurations),
    release: bodyOf(manifest.release),
  };
}

/** Occurrences per hash, for the parts' reference counts. */
export function countHashes(hashes: readonly string[]): { hashes: string[]; counts: number[] } {
  const counts = new Map<string, number>();
  for (const hash of hashes) counts.set(hash, (counts.get(hash) ?? 0) + 1);
  return { hashes: [...counts.keys()], counts: [...counts.values()] };
}

/**
 * The content's hash (what revisions, snapshots and the stream carry): sha256 of the manifest's hashes in
 * a fixed order, each list with its depth. A manifest names its parts by their hashes and a part its
 * children, so equal contents give equal hashes and a different content a different one; the tag and
 * version keep it apart from every other hash the console makes, the text hashes of earlier revisions too.
 */
export const contentHashOf = (manifest: RevisionManifest): string =>
  sha256(
    JSON.stringify([
      'runtime content',
      2,
      ...RUNTIME_PART_LISTS.map((list) => [manifest[list].depth, manifest[list].parts]),
      manifest.release,
    ]),
  );

// ---- building the next content's parts and hash from the last one's (a publish from what changed) ----

/** A node of a list's tree: its children's hashes and its own. */
interface TreeNode {
  children: string[];
  hash: string;
}

/** One level of a list's tree: what it cuts (the items, or the nodes of the level below) and its nodes. */
interface TreeLevel {
  elements: readonly unknown[];
  nodes: TreeNode[];
}

/**
 * What `layoutOf` made of a content: each list's levels of nodes from the leaves up (none for a list
 * short enough to sit in the manifest), so the next content cuts and hashes again only where it differs.
 */
export interface ContentLayout {
  levels: Record<PartList, TreeLevel[]>;
}

export interface LaidOutContent {
  manifest: RevisionManifest;
  /** Every part the content consists of; with a previous layout, those its unchanged nodes lack. */
  parts: Map<string, RuntimePart>;
  /** contentHashOf(manifest), as hashRuntimeContent answers it. */
  hash: string;
  layout: ContentLayout;
}

/**
 * A run of a list replaced since the last layout: `removed` elements from index `from` of the last
 * list gave way to `inserted` new ones. A list's edits are in order and do not overlap; every element
 * outside them is the same object as before, shifted by the edits before it.
 */
export interface ListEdit {
  from: number;
  removed: number;
  inserted: number;
}

/** Edits of each list, as the caller of `layoutOf` knows them (a publish from what changed). */
export type ContentEdits = Record<PartList, readonly ListEdit[]>;

/**
 * The edits that make `after` of `before`, found by comparing the elements (the same objects): for a
 * caller that does not know them. Any true answer gives the same layout; a closer one, less work.
 */
function editsBetween(before: readonly unknown[], after: readonly unknown[]): ListEdit[] {
  // What both start and end with is left out; the rest is walked, each element found by its positions.
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  let end = 0;
  while (
    end < before.length - start &&
    end < after.length - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  )
    end += 1;
  const beforeEnd = before.length - end;
  const afterEnd = after.length - end;
  // Each element's positions in the rest of `before`, and how many of them lie behind the walk.
  const positions = new Map<unknown, { at: number[]; passed: number }>();
  for (let index = start; index < beforeEnd; index += 1) {
    const known = positions.get(before[index]);
    if (known === undefined) positions.set(before[index], { at: [index], passed: 0 });
    else known.at.push(index);
  }
  const nextPosition = (element: unknown, from: number) => {
    const known = positions.get(element);
    if (known === undefined) return -1;
    while (known.passed < known.at.length && known.at[known.passed]! < from) known.passed += 1;
    return known.at[known.passed] ?? -1;
  };
  const edits: ListEdit[] = [];
  const edit = (at: number) => {
    const last = edits.at(-1);
    if (last !== undefined && last.from + last.removed === at) return last;
    const made = { from: at, removed: 0, inserted: 0 };
    edits.push(made);
    return made;
  };
  let i = start;
  let j = start;
  while (i < beforeEnd || j < afterEnd) {
    if (i < beforeEnd && j < afterEnd && before[i] === after[j]) {
      i += 1;
      j += 1;
      continue;
    }
    const found = j < afterEnd ? nextPosition(after[j], i) : beforeEnd;
    if (found === -1) {
      edit(i).inserted += 1;
      j += 1;
    } else {
      edit(i).removed += found - i;
      i = found;
    }
  }
  return edits;
}

/** What cutLevel made of a level: its nodes, and the edits of that list of nodes against the last one's. */
interface CutLevel {
  nodes: TreeNode[];
  edits: ListEdit[];
}

/**
 * `elements` cut into nodes (isCut) exactly as `cut` cuts them, reusing the nodes of `previous` (the
 * same level of the last layout) that lie outside `edits`: cut from the same start over the same
 * elements, such a node ends where it ended (the last one only if it still ends the list). The walk
 * cuts again from the start of the first node an edit touches until a cut falls on the start of an
 * unchanged old node, and reuses from there; only the elements cut again are hashed (`hashOf`), and
 * each new node goes to `addNode`: the work follows the edits, not the list.
 */
function cutLevel<E>(
  elements: readonly E[],
  hashOf: (element: E) => string,
  previous: TreeLevel | undefined,
  edits: readonly ListEdit[],
  addNode: (node: TreeNode) => void,
): CutLevel {
  const old = previous?.nodes ?? [];
  const before = previous?.elements ?? [];
  const nodes: TreeNode[] = [];
  const changed: ListEdit[] = [];
  // The next old node and where it starts; the next edit; new index minus old index past the edits behind.
  let oldNode = 0;
  let oldAt = 0;
  let next = 0;
  let shift = 0;
  let at = 0;
  const isReusable = () => {
    if (oldNode >= old.length) return false;
    const end = oldAt + old[oldNode]!.children.length;
    const edit = edits[next];
    if (edit === undefined) return true;
    return end <= edit.from && oldNode < old.length - 1;
  };
  while (at < elements.length) {
    if (old.length > 0)
      while (isReusable()) {
        const node = old[oldNode]!;
        nodes.push(node);
        oldAt += node.children.length;
        at += node.children.length;
        oldNode += 1;
      }
    if (at >= elements.length) break;
    // Cut again from here (the start of old node `oldNode`, or of the list) to a cut at an old node's start.
    const firstReplaced = oldNode;
    const made = nodes.length;
    let children: string[] = [];
    while (at < elements.length) {
      const hash = hashOf(elements[at]!);
      children.push(hash);
      at += 1;
      if (!isCut(hash, children.length) && at < elements.length) continue;
      const node = { children, hash: nodeHash(children) };
      addNode(node);
      nodes.push(node);
      children = [];
      if (old.length === 0) continue;
      // Past the edits behind `at`: an unchanged element is the old one at `at - shift`.
      while (next < edits.length && at >= edits[next]!.from + shift + edits[next]!.inserted) {
        shift += edits[next]!.inserted - edits[next]!.removed;
        next += 1;
      }
      if (next < edits.length && at >= edits[next]!.from + shift) continue;
      while (oldNode < old.length && oldAt < at - shift) {
        oldAt += old[oldNode]!.children.length;
        oldNode += 1;
      }
      if (oldAt === at - shift && before[oldAt] === elements[at] && isReusable()) break;
    }
    // Cut to the end of the list: every old node from the first replaced on is gone.
    if (at >= elements.length) oldNode = old.length;
    changed.push({ from: firstReplaced, removed: oldNode - firstReplaced, inserted: nodes.length - made });
  }
  // The list ends before old nodes do (its end removed, the rest reused): they are gone too.
  if (oldNode < old.length) changed.push({ from: oldNode, removed: old.length - oldNode, inserted: 0 });
  return { nodes, edits: changed };
}

/**
 * The content's manifest, parts and hash, exactly as partsOf and hashRuntimeContent make them, built
 * from what changed since `previous` (the layout of the last content laid out, which the latest
 * revision holds): each level of each list is cut again only around its edits (cutLevel: the caller's
 * `edits`, or those found by comparing the lists), only the nodes made there and the leaves they hold
 * are listed as parts (an unchanged node's subtree is stored), and the hash is made of the manifest alone.
 */
export function layoutOf(
  content: RuntimeContent,
  previous?: ContentLayout,
  edits?: ContentEdits,
): LaidOutContent {
  const parts = new Map<string, RuntimePart>();
  const addLeaf = (item: unknown) => {
    const hash = leafHash(item);
    if (!parts.has(hash)) parts.set(hash, { hash, body: item, children: [] });
    return hash;
  };
  const addNode = ({ hash, children }: TreeNode) => {
    if (!parts.has(hash)) parts.set(hash, { hash, body: children, children });
  };
  const levels = {} as Record<PartList, TreeLevel[]>;
  const lists = {} as Record<PartList, ManifestList>;
  for (const list of RUNTIME_PART_LISTS) {
    const items: readonly unknown[] = content[list];
    const before = previous?.levels[list] ?? [];
    const listLevels: TreeLevel[] = [];
    if (items.length <= MAX_TOP) lists[list] = { depth: 0, parts: items.map(addLeaf) };
    else {
      const itemEdits =
        before[0] === undefined ? [] : (edits?.[list] ?? editsBetween(before[0].elements, items));
      let level = cutLevel(items, addLeaf, before[0], itemEdits, addNode);
      listLevels.push({ elements: items, nodes: level.nodes });
      while (level.nodes.length > MAX_TOP) {
        const below = level.nodes;
        const previousLevel = before[listLevels.length];
        level = cutLevel(below, (node) => node.hash, previousLevel, level.edits, addNode);
        listLevels.push({ elements: below, nodes: level.nodes });
      }
      lists[list] = { depth: listLevels.length, parts: level.nodes.map((node) => node.hash) };
    }
    levels[list] = listLevels;
  }
  const manifest: RevisionManifest = { ...lists, release: addLeaf(content.release) };
  return { manifest, parts, hash: contentHashOf(manifest), layout: { levels } };
}
