import { createHash } from 'node:crypto';
import { type RuntimeContent, stableStringify } from '@console/domain';

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
