import { createHash, type Hash } from 'node:crypto';
import { stableStringify } from '@console/domain/operations';
import type { RuntimeContent } from '@console/domain/runtime';

// A revision's content as content-addressed parts (docs/decisions/0253): each plugin,
// A/B-test and configuration, and the release info, is a leaf part stored once per environment by the
// hash of its JSON; each of the three lists is a tree of node parts (lists of child hashes) cut where
// a child's hash says so, so a change of one item rewrites only the nodes on its path, and a revision is
// a small manifest naming the top of each tree. Revisions share every part they have in common.

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

/** The stable JSON text and leaf hash of each item sealed (deep-frozen) by `sealItem`. */
const sealed = new WeakMap<object, { text: string; hash: string }>();

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const element of Object.values(value)) deepFreeze(element);
}

/**
 * Freezes an item of content at every depth and remembers its stable JSON text and hash, so a build
 * that reuses it (runtime-content.service.ts) neither serialises nor hashes it again: a frozen item
 * cannot change, so what is remembered stays true.
 */
export function sealItem<T extends object>(item: T): T {
  if (sealed.has(item)) return item;
  deepFreeze(item);
  const text = stableStringify(item);
  sealed.set(item, { text, hash: sha256(text) });
  return item;
}

const stableTextOf = (item: unknown): string =>
  (item !== null && typeof item === 'object' && sealed.get(item)?.text) || stableStringify(item);

/** A leaf is an object and a node an array, so a leaf's hash never names a node. */
const leafHash = (item: unknown) =>
  (item !== null && typeof item === 'object' && sealed.get(item)?.hash) || sha256(stableStringify(item));

/**
 * stableStringify(content), from its items' texts: the keys of RuntimeContent in sorted order, each
 * list's items in order (runtimeContentSchema gives a parsed content exactly these four keys).
 */
export function stableContentText(content: RuntimeContent): string {
  const list = (items: readonly unknown[]) => `[${items.map(stableTextOf).join(',')}]`;
  return (
    `{"abTests":${list(content.abTests)},"configurations":${list(content.configurations)},` +
    `"plugins":${list(content.plugins)},"release":${stableTextOf(content.release)}}`
  );
}
const nodeHash = (children: readonly string[]) => sha256(JSON.stringify(children));

/** Where the content cuts a level into nodes: after a child whose hash's first 8 hex digits are 0 mod FANOUT. */
function cut(hashes: readonly string[]): string[][] {
  const nodes: string[][] = [];
  let node: string[] = [];
  for (const hash of hashes) {
    node.push(hash);
    if (Number.parseInt(hash.slice(0, 8), 16) % FANOUT === 0 || node.length === MAX_CHILDREN) {
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

// ---- building the next content's parts and hash from the last one's (a publish from what changed) ----

/** A run of a list's leaves as cut at the first level: its leaf hashes and its node hash. */
interface Segment {
  children: string[];
  hash: string;
}

/** One piece of the content's stable JSON text, in order, named so an unchanged piece is recognised. */
interface Piece {
  key: string;
  text: () => string;
}

/**
 * What `layoutOf` made of a content: each list's first-level segments, and the content hash's state
 * after each piece of its stable text, so the next content hashes again only from its first changed
 * piece on, and cuts and hashes again only the segments that changed.
 */
export interface ContentLayout {
  segments: Record<PartList, Segment[]>;
  pieceKeys: string[];
  /** The sha256 state after each piece (copies, never digested). */
  pieceStates: Hash[];
}

export interface LaidOutContent {
  manifest: RevisionManifest;
  /** Every part the content consists of; with a previous layout, those its unchanged segments lack. */
  parts: Map<string, RuntimePart>;
  /** sha256 (hex) of stableStringify(content), as hashRuntimeContent answers it. */
  hash: string;
  layout: ContentLayout;
}

/** The list's first-level segments, reusing the previous layout's node hash for a run that is the same. */
function segmentsOf(hashes: readonly string[], previous: readonly Segment[] | undefined): Segment[] {
  const byFirst = new Map<string, Segment>();
  for (const segment of previous ?? []) byFirst.set(segment.children[0]!, segment);
  return cut(hashes).map((children) => {
    const before = byFirst.get(children[0]!);
    const isSame =
      before !== undefined &&
      before.children.length === children.length &&
      before.children.every((hash, index) => hash === children[index]);
    return isSame ? before : { children, hash: nodeHash(children) };
  });
}

/**
 * The content's manifest, parts and hash, exactly as partsOf and hashRuntimeContent make them, built
 * from what changed since `previous` (the layout of the last content laid out, which the latest
 * revision holds): unchanged segments are neither hashed again nor listed as parts (their subtree is
 * stored), and the content hash resumes from the state before the first changed piece of its text.
 */
export function layoutOf(content: RuntimeContent, previous?: ContentLayout): LaidOutContent {
  const parts = new Map<string, RuntimePart>();
  const addLeaf = (item: unknown) => {
    const hash = leafHash(item);
    if (!parts.has(hash)) parts.set(hash, { hash, body: item, children: [] });
    return hash;
  };
  const addNode = (children: string[], hash = nodeHash(children)) => {
    if (!parts.has(hash)) parts.set(hash, { hash, body: children, children });
    return hash;
  };
  const segments = {} as Record<PartList, Segment[]>;
  const pieces: Piece[] = [];
  const manifest = { release: addLeaf(content.release) } as RevisionManifest;
  for (const list of [...RUNTIME_PART_LISTS].sort()) {
    const items: readonly unknown[] = content[list];
    const hashes = items.map(leafHash);
    const listSegments = segmentsOf(hashes, previous?.segments[list]);
    segments[list] = listSegments;
    const reused = new Set(previous?.segments[list] ?? []);
    // The leaves of a segment the last content had are stored already (a stored node's subtree is).
    let start = 0;
    const opener = `${pieces.length === 0 ? '{' : '],'}"${list}":[`;
    pieces.push({ key: opener, text: () => opener });
    for (const [index, segment] of listSegments.entries()) {
      const from = start;
      const to = start + segment.children.length;
      if (!reused.has(segment)) for (let at = from; at < to; at += 1) addLeaf(items[at]);
      pieces.push({
        key: `${index === 0 ? '' : ','}${segment.hash}`,
        text: () => `${index === 0 ? '' : ','}${items.slice(from, to).map(stableTextOf).join(',')}`,
      });
      start = to;
    }
    let depth = 0;
    let level = hashes;
    if (level.length > MAX_TOP) {
      level = listSegments.map((segment) =>
        reused.has(segment) ? segment.hash : addNode(segment.children, segment.hash),
      );
      depth = 1;
      while (level.length > MAX_TOP) {
        level = cut(level).map((children) => addNode(children));
        depth += 1;
      }
    } else for (const [at, item] of items.entries()) if (!parts.has(hashes[at]!)) addLeaf(item);
    manifest[list] = { depth, parts: level };
  }
  pieces.push({
    key: `]release:${manifest.release}`,
    text: () => `],"release":${stableTextOf(content.release)}}`,
  });
  // The stable text's keys in sorted order: abTests, configurations, plugins, release (stableContentText).
  let same = 0;
  const keys = pieces.map((piece) => piece.key);
  while (previous && same < keys.length && previous.pieceKeys[same] === keys[same]) same += 1;
  const pieceStates = previous ? previous.pieceStates.slice(0, same) : [];
  let state = same > 0 ? pieceStates[same - 1]!.copy() : createHash('sha256');
  for (let at = same; at < pieces.length; at += 1) {
    state.update(pieces[at]!.text());
    pieceStates.push(state);
    state = state.copy();
  }
  return { manifest, parts, hash: state.digest('hex'), layout: { segments, pieceKeys: keys, pieceStates } };
}
