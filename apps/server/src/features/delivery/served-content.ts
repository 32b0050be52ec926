import {
  type RuntimeContent,
  type RuntimeRevisionEvent,
  runtimeAbTestSchema,
  runtimeConfigurationSchema,
  runtimePluginSchema,
  runtimeReleaseSchema,
} from '@console/domain/runtime';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { parseJsonColumn } from '../../db/json-column.ts';
import {
  type ManifestList,
  type RevisionManifest,
  type RevisionManifestRow,
  RUNTIME_PART_LISTS,
  readParts,
} from '../publishing/publishing.public.ts';

// One environment's content as this process holds it: the parts of the served revision (parts.ts,
// docs/decisions/0253), each leaf parsed once with its item's schema, and each node above leaves with its
// items' JSON texts joined once. A new revision costs what changed in it: its manifest, the parts not held
// yet (read and parsed alone), the stream's `changed` from the leaves that differ, and a body joined from
// the nodes' texts, of which only the nodes the revision adds are made.

type ListName = (typeof RUNTIME_PART_LISTS)[number];
/** Where a part sits: one of the three lists' trees, or the release info. */
type Slot = ListName | 'release';

const SCHEMAS = {
  plugins: runtimePluginSchema,
  abTests: runtimeAbTestSchema,
  configurations: runtimeConfigurationSchema,
  release: runtimeReleaseSchema,
} satisfies Record<Slot, z.ZodType>;

/** A leaf: its item, as the snapshot schema parses it. */
interface Leaf {
  item: object;
  /** A plugin's: the A/B-tests and configurations its entries name. */
  references?: { abTests: ReadonlySet<string>; configurations: ReadonlySet<string> };
}

/** Items in order and their JSON texts joined with commas, as they sit in the snapshot's list. */
interface Joined {
  items: readonly object[];
  json: Buffer;
}

/** A node: its children's hashes; one whose children are leaves also keeps them joined, once made. */
interface Node {
  children: readonly string[];
  joined?: Joined;
}

type HeldPart = Leaf | Node;
type Parts = Record<Slot, Map<string, HeldPart>>;

const emptyParts = (): Parts => ({
  plugins: new Map(),
  abTests: new Map(),
  configurations: new Map(),
  release: new Map(),
});

/** What changed between two contents, as the stream's event carries it (changedParts). */
export type DescribeChanges = (
  previous: RuntimeContent,
  next: RuntimeContent,
) => RuntimeRevisionEvent['changed'];

/** A revision followed: what changed since the one before it (null: the first, the base). */
export interface FollowedRevision {
  row: RevisionManifestRow;
  changed: RuntimeRevisionEvent['changed'] | null;
}

export interface FollowedRevisions {
  revisions: FollowedRevision[];
  /** The last revision's content and `{"payload": snapshot}` (JSON.stringify's bytes). */
  content: RuntimeContent;
  body: Buffer;
}

/** The hashes one tree holds and the other does not, level by level: equal nodes are not looked into. */
interface TreeDifference {
  /** Nodes and leaves only `before` holds. */
  removed: string[];
  /** Nodes and leaves only `after` holds. */
  added: string[];
  removedLeaves: string[];
  addedLeaves: string[];
}

/** `a` and `b` without what they have in common (as multisets). */
function withoutCommon(a: readonly string[], b: readonly string[]): [string[], string[]] {
  const counts = new Map<string, number>();
  for (const hash of b) counts.set(hash, (counts.get(hash) ?? 0) + 1);
  const onlyA: string[] = [];
  for (const hash of a) {
    const count = counts.get(hash) ?? 0;
    if (count > 0) counts.set(hash, count - 1);
    else onlyA.push(hash);
  }
  const onlyB: string[] = [];
  for (const hash of b) {
    const count = counts.get(hash) ?? 0;
    if (count === 0) continue;
    onlyB.push(hash);
    counts.set(hash, count - 1);
  }
  return [onlyA, onlyB];
}

/**
 * The difference of two trees of one list. A node's hash names its whole subtree, so equal hashes at the
 * same height are dropped from both sides and only the rest is expanded: a change of one item looks at
 * the nodes on its path. A node is never equal to one of another height, so the taller side is expanded
 * alone until both are as tall.
 */
function differenceOf(
  before: ManifestList,
  after: ManifestList,
  childrenOf: (hash: string) => readonly string[],
): TreeDifference {
  const removed: string[] = [];
  const added: string[] = [];
  let [a, b] = [before.parts, after.parts];
  let [heightA, heightB] = [before.depth, after.depth];
  for (;;) {
    if (heightA === heightB) [a, b] = withoutCommon(a, b);
    if (heightA === 0 && heightB === 0) break;
    const isTallerA = heightA >= heightB;
    const isTallerB = heightB >= heightA;
    if (isTallerA) {
      removed.push(...a);
      a = a.flatMap(childrenOf);
      heightA -= 1;
    }
    if (isTallerB) {
      added.push(...b);
      b = b.flatMap(childrenOf);
      heightB -= 1;
    }
  }
  return { removed: [...removed, ...a], added: [...added, ...b], removedLeaves: a, addedLeaves: b };
}

/** A list's leaves in order, through its nodes. */
function leavesOf(list: ManifestList, childrenOf: (hash: string) => readonly string[]): readonly string[] {
  let level: readonly string[] = list.parts;
  for (let depth = list.depth; depth > 0; depth -= 1) level = level.flatMap(childrenOf);
  return level;
}

const COMMA = Buffer.from(',');

const joinedOf = (items: readonly object[]): Joined => ({
  items,
  json: Buffer.from(items.map((item) => JSON.stringify(item)).join(',')),
});
const BETWEEN_LISTS: Record<ListName, Buffer> = {
  plugins: Buffer.from(',"content":{"plugins":['),
  abTests: Buffer.from('],"abTests":['),
  configurations: Buffer.from('],"configurations":['),
};
const BEFORE_RELEASE = Buffer.from('],"release":');
const END = Buffer.from('}}}');

/** What `{"payload": snapshot}` starts with, up to its content (the snapshot's own fields, in its order). */
function snapshotHead(row: RevisionManifestRow): Buffer {
  const head = JSON.stringify({
    payload: {
      environment: row.environmentId,
      revision: row.revision,
      hash: row.hash,
      publishedAt: row.created.toISOString(),
      publishedBy: row.createdBy,
    },
  });
  return Buffer.from(head.slice(0, -2));
}

/**
 * The parts of one environment's served revision, held between revisions. Not safe for two follows at
 * once: the cache loads one environment at a time.
 */
export class ServedContent {
  private held = emptyParts();
  private manifest: RevisionManifest | null = null;
  /** The revision whose parts are held (0: none yet). */
  revision = 0;

  constructor(
    private readonly environmentId: string,
    private readonly describeChanges: DescribeChanges,
  ) {}

  /**
   * Follows `rows` (ascending, contiguous, newer than the held revision or starting at it): reads the parts
   * none of them shares with the held revision (a tree level per query), then each revision's changes
   * against the one before it, when it directly follows it. Only once everything was read are the held
   * parts replaced by the last revision's; a failed read leaves them as they were.
   */
  async follow(db: Db, rows: readonly RevisionManifestRow[]): Promise<FollowedRevisions | null> {
    const last = rows.at(-1);
    if (last === undefined) return null;
    const staged = await this.readMissing(db, rows);
    const partOf = (slot: Slot, hash: string): HeldPart => {
      const part = this.held[slot].get(hash) ?? staged[slot].get(hash);
      if (part === undefined) throw new Error(`runtime part ${hash} of ${this.environmentId} is not held`);
      return part;
    };
    const revisions: FollowedRevision[] = [];
    let previous = this.manifest === null ? null : { revision: this.revision, manifest: this.manifest };
    for (const row of rows) {
      if (previous !== null && row.revision === previous.revision) continue;
      const follows = previous !== null && previous.revision + 1 === row.revision;
      revisions.push({
        row,
        changed: follows ? this.changesOf(previous!.manifest, row.manifest, partOf) : null,
      });
      previous = row;
    }
    const { content, body } = this.servedOf(last, partOf);
    this.keep(last, staged, partOf);
    return { revisions, content, body };
  }

  /** Every part the rows name that is not held, parsed (leaves) once, by slot. */
  private async readMissing(db: Db, rows: readonly RevisionManifestRow[]): Promise<Parts> {
    const staged = emptyParts();
    const asked: Record<Slot, Set<string>> = {
      plugins: new Set(),
      abTests: new Set(),
      configurations: new Set(),
      release: new Set(),
    };
    let asking: [Slot, string][] = [];
    const ask = (slot: Slot, hash: string, into: [Slot, string][]) => {
      if (this.held[slot].has(hash) || staged[slot].has(hash) || asked[slot].has(hash)) return;
      asked[slot].add(hash);
      into.push([slot, hash]);
    };
    for (const { manifest } of rows) {
      for (const list of RUNTIME_PART_LISTS) for (const hash of manifest[list].parts) ask(list, hash, asking);
      ask('release', manifest.release, asking);
    }
    while (asking.length > 0) {
      const parts = await readParts(
        db,
        this.environmentId,
        asking.map(([, hash]) => hash),
      );
      const byHash = new Map(parts.map((part) => [part.hash, part]));
      const next: [Slot, string][] = [];
      for (const [slot, hash] of asking) {
        const { body, children } = byHash.get(hash)!;
        if (children.length > 0) {
          staged[slot].set(hash, { children });
          for (const child of children) ask(slot, child, next);
        } else staged[slot].set(hash, this.leafOf(slot, hash, body));
      }
      asking = next;
    }
    return staged;
  }

  private leafOf(slot: Slot, hash: string, body: unknown): Leaf {
    const what = `runtime part ${hash} of ${this.environmentId}`;
    const item = parseJsonColumn(SCHEMAS[slot] as z.ZodType<object>, body, what);
    const leaf: Leaf = { item };
    if (slot === 'plugins') {
      const abTests = new Set<string>();
      const configurations = new Set<string>();
      for (const entry of (item as z.output<typeof runtimePluginSchema>).entries) {
        abTests.add(entry.abTestId);
        for (const id of entry.configurations) if (id !== '') configurations.add(id);
      }
      leaf.references = { abTests, configurations };
    }
    return leaf;
  }

  /**
   * `describeChanges` over the items of the leaves that differ, plus the unchanged plugins that name a
   * changed A/B-test or configuration (on both sides) and the release info: what the whole contents'
   * comparison reports, as it judges items by their content and a plugin also by what it names.
   */
  private changesOf(
    before: RevisionManifest,
    after: RevisionManifest,
    partOf: (slot: Slot, hash: string) => HeldPart,
  ): RuntimeRevisionEvent['changed'] {
    const sides = { before: [] as object[][], after: [] as object[][] };
    const changedPlugins = new Set<string>();
    for (const list of RUNTIME_PART_LISTS) {
      const childrenOf = (hash: string) => (partOf(list, hash) as Node).children;
      const { removedLeaves, addedLeaves } = differenceOf(before[list], after[list], childrenOf);
      sides.before.push(removedLeaves.map((hash) => (partOf(list, hash) as Leaf).item));
      sides.after.push(addedLeaves.map((hash) => (partOf(list, hash) as Leaf).item));
      if (list === 'plugins') for (const hash of addedLeaves) changedPlugins.add(hash);
    }
    const [pluginsBefore, abTestsBefore, configurationsBefore] = sides.before as [
      object[],
      object[],
      object[],
    ];
    const [pluginsAfter, abTestsAfter, configurationsAfter] = sides.after as [object[], object[], object[]];
    const idsOf = (items: object[][]) => new Set(items.flat().map((item) => (item as { id: string }).id));
    const abTests = idsOf([abTestsBefore, abTestsAfter]);
    const configurations = idsOf([configurationsBefore, configurationsAfter]);
    if (abTests.size + configurations.size > 0) {
      const pluginChildren = (hash: string) => (partOf('plugins', hash) as Node).children;
      for (const hash of leavesOf(after.plugins, pluginChildren)) {
        if (changedPlugins.has(hash)) continue;
        const plugin = partOf('plugins', hash) as Leaf;
        const names = plugin.references!;
        const isNaming =
          [...abTests].some((id) => names.abTests.has(id)) ||
          [...configurations].some((id) => names.configurations.has(id));
        if (!isNaming) continue;
        pluginsBefore.push(plugin.item);
        pluginsAfter.push(plugin.item);
      }
    }
    const contentOf = (plugins: object[], tests: object[], configs: object[], release: string) =>
      ({
        plugins,
        abTests: tests,
        configurations: configs,
        release: (partOf('release', release) as Leaf).item,
      }) as RuntimeContent;
    return this.describeChanges(
      contentOf(pluginsBefore, abTestsBefore, configurationsBefore, before.release),
      contentOf(pluginsAfter, abTestsAfter, configurationsAfter, after.release),
    );
  }

  /**
   * The content and `{"payload": snapshot}` (as JSON.stringify writes it) of `row`: each list from its
   * nodes above the leaves, joined once per node, so only the nodes a revision adds are joined anew.
   */
  private servedOf(
    row: RevisionManifestRow,
    partOf: (slot: Slot, hash: string) => HeldPart,
  ): { content: RuntimeContent; body: Buffer } {
    const release = partOf('release', row.manifest.release) as Leaf;
    const pieces: Buffer[] = [snapshotHead(row)];
    const lists = {} as Record<ListName, object[]>;
    for (const list of RUNTIME_PART_LISTS) {
      const joined: Joined[] = [];
      const visit = (hash: string, height: number) => {
        const part = partOf(list, hash);
        if (height === 0) joined.push(joinedOf([(part as Leaf).item]));
        else if (height === 1) {
          const node = part as Node;
          node.joined ??= joinedOf(node.children.map((child) => (partOf(list, child) as Leaf).item));
          joined.push(node.joined);
        } else for (const child of (part as Node).children) visit(child, height - 1);
      };
      for (const hash of row.manifest[list].parts) visit(hash, row.manifest[list].depth);
      pieces.push(BETWEEN_LISTS[list]);
      joined.forEach(({ json }, index) => {
        if (index > 0) pieces.push(COMMA);
        pieces.push(json);
      });
      const items: object[] = [];
      for (const piece of joined) for (const item of piece.items) items.push(item);
      lists[list] = items;
    }
    pieces.push(BEFORE_RELEASE, Buffer.from(JSON.stringify(release.item)), END);
    const content = { ...lists, release: release.item } as RuntimeContent;
    return { content, body: Buffer.concat(pieces) };
  }

  /**
   * Holds the parts of `last` alone: from the revision held before, those it added (read into `staged`)
   * and less those it no longer names; without one, every part `last` names.
   */
  private keep(
    last: RevisionManifestRow,
    staged: Parts,
    partOf: (slot: Slot, hash: string) => HeldPart,
  ): void {
    const before = this.manifest;
    if (before === null) {
      const held = emptyParts();
      const hold = (slot: Slot, hash: string) => held[slot].set(hash, partOf(slot, hash));
      for (const list of RUNTIME_PART_LISTS) {
        const childrenOf = (hash: string) => (partOf(list, hash) as Node).children;
        let level: readonly string[] = last.manifest[list].parts;
        for (let depth = last.manifest[list].depth; depth >= 0; depth -= 1) {
          for (const hash of level) hold(list, hash);
          if (depth > 0) level = level.flatMap(childrenOf);
        }
      }
      hold('release', last.manifest.release);
      this.held = held;
    } else {
      for (const list of RUNTIME_PART_LISTS) {
        const childrenOf = (hash: string) => (partOf(list, hash) as Node).children;
        const { removed, added } = differenceOf(before[list], last.manifest[list], childrenOf);
        for (const hash of added) this.held[list].set(hash, staged[list].get(hash) ?? partOf(list, hash));
        for (const hash of removed) this.held[list].delete(hash);
      }
      if (before.release !== last.manifest.release) {
        this.held.release.set(last.manifest.release, partOf('release', last.manifest.release));
        this.held.release.delete(before.release);
      }
    }
    this.manifest = last.manifest;
    this.revision = last.revision;
  }

  /** How many parts are held (for tests): nodes and leaves, per slot. */
  heldCounts(): Record<Slot, number> {
    return {
      plugins: this.held.plugins.size,
      abTests: this.held.abTests.size,
      configurations: this.held.configurations.size,
      release: this.held.release.size,
    };
  }
}
