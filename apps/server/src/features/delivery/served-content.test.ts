import { gunzipSync } from 'node:zlib';
import { changedParts, type RuntimeContent } from '@console/domain/runtime';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { insertRuntimeRevisions, makeRuntimeContent } from '../../testing/index.ts';
import {
  listRevisionManifestsAfter,
  listStoredRevisionsAfter,
  type RevisionManifest,
  type RevisionManifestRow,
  RUNTIME_PART_LISTS,
  readParts,
  type StoredRevision,
} from '../publishing/publishing.public.ts';
import { ServedContent } from './served-content.ts';
import { serveRevision, wholeBodyOf } from './served-revision.ts';

// The parts a process holds give, revision after revision, the bytes and the stream's changes that
// reading each revision whole gives: over adds, changes and removals of every kind of content, lists
// whose trees grow and shrink a level, and a revision going back to parts dropped before.

const ENVIRONMENT = 'stable';

/** Each content an edit of the one before. */
function editsOf(base: RuntimeContent): RuntimeContent[] {
  const contents: RuntimeContent[] = [];
  let content = base;
  const edit = (change: (next: RuntimeContent) => void) => {
    content = structuredClone(content);
    change(content);
    contents.push(content);
  };
  edit((next) => {
    next.configurations[300]!.data.tag = 'changed';
    next.abTests[3]!.salt = 'a new salt';
  });
  edit((next) => {
    // A configuration a plugin names goes; an unnamed one and an A/B-test come.
    next.configurations.splice(100, 1);
    next.configurations.push({ ...structuredClone(next.configurations[0]!), id: 'zz-unnamed' });
    next.abTests.push({ ...structuredClone(next.abTests[0]!), id: 'zz-test' });
  });
  edit((next) => {
    next.plugins[2]!.enabled = false;
    next.plugins.splice(5, 1);
    next.abTests.splice(7, 1);
    next.release.keyValue = 'k=1;';
  });
  edit((next) => {
    // The removed plugin is back with its entry's configurations reordered.
    const returning = structuredClone(base.plugins[5]!);
    returning.entries[0]!.configurations.reverse();
    next.plugins.splice(5, 0, returning);
  });
  // Back to the first edit: parts dropped since come back.
  edit((next) => Object.assign(next, structuredClone(contents[0]!)));
  // The configurations' tree loses a level, then grows it back.
  edit((next) => next.configurations.splice(40));
  edit((next) => Object.assign(next, structuredClone(base)));
  return contents;
}

/** How many distinct parts, per list, a manifest names through its trees (what should be held). */
async function partsNamed(t: TestApp, manifest: RevisionManifest) {
  const counts: Record<string, number> = {};
  for (const list of RUNTIME_PART_LISTS) {
    const seen = new Set<string>();
    let level = manifest[list].parts;
    for (let depth = manifest[list].depth; ; depth -= 1) {
      for (const hash of level) seen.add(hash);
      if (depth === 0) break;
      const parts = await readParts(t.app.db, ENVIRONMENT, level);
      const byHash = new Map(parts.map((part) => [part.hash, part.children]));
      level = level.flatMap((hash) => byHash.get(hash)!);
    }
    counts[list] = seen.size;
  }
  return { ...counts, release: 1 };
}

describe('the served content, from the parts a process holds', () => {
  let t: TestApp;
  let first: number;
  let whole: StoredRevision[];
  /** The manifests of the same revisions. */
  let rows: RevisionManifestRow[];

  beforeAll(async () => {
    t = await createTestApp();
    // 19 plugins and A/B-tests, 608 configurations: trees of one and two levels of nodes.
    const base = makeRuntimeContent({ plugins: 19, cases: 32, padding: 60_000 });
    const written = await insertRuntimeRevisions(t.databaseUrl, ENVIRONMENT, [base, ...editsOf(base)]);
    first = written[0]!.revision;
    whole = await listStoredRevisionsAfter(t.app.db, ENVIRONMENT, first - 1, written.length);
    expect(whole.map((stored) => stored.revision)).toEqual(written.map((each) => each.revision));
    rows = await listRevisionManifestsAfter(t.app.db, ENVIRONMENT, first - 1, written.length);
    // Every list has nodes; the configurations' tree is two levels high but in the revision keeping 40.
    expect(rows.map(({ manifest }) => RUNTIME_PART_LISTS.map((list) => manifest[list].depth))).toEqual([
      ...Array.from({ length: 6 }, () => [1, 1, 2]),
      [1, 1, 1],
      [1, 1, 2],
    ]);
  });

  it('gives, one revision at a time, the whole read’s bytes and changes, holding only the served parts', async () => {
    const served = new ServedContent(ENVIRONMENT, changedParts);
    for (const [index, stored] of whole.entries()) {
      const row = rows[index]!;
      expect(row.revision).toBe(stored.revision);
      const followed = (await served.follow(t.app.db, [row]))!;
      // Byte-equal (compared as a boolean: a failure would print both bodies whole).
      expect(followed.body.equals(wholeBodyOf(stored, stored.content))).toBe(true);
      expect(followed.content).toEqual(stored.content);
      expect(followed.revisions.map(({ changed }) => changed)).toEqual([
        index === 0 ? null : changedParts(whole[index - 1]!.content, stored.content),
      ]);
      expect(served.heldCounts()).toEqual(await partsNamed(t, row.manifest));
    }
    // Not vacuous: the first edit's changes, as the stream names them.
    expect(changedParts(whole[0]!.content, whole[1]!.content)).toEqual({
      plugins: [whole[0]!.content.plugins[3]!.name, whole[0]!.content.plugins[9]!.name],
      abTests: [whole[0]!.content.abTests[3]!.id],
      configurations: [whole[0]!.content.configurations[300]!.id],
      release: false,
    });
  });

  it('gives every revision’s changes when several are read at once (a catch-up)', async () => {
    const served = new ServedContent(ENVIRONMENT, changedParts);
    await served.follow(t.app.db, rows.slice(0, 1));
    const followed = (await served.follow(t.app.db, rows.slice(1)))!;
    expect(followed.revisions.map(({ changed }) => changed)).toEqual(
      whole.slice(1).map((stored, index) => changedParts(whole[index]!.content, stored.content)),
    );
    const last = whole.at(-1)!;
    expect(followed.body.equals(wholeBodyOf(last, last.content))).toBe(true);
    expect(served.heldCounts()).toEqual(await partsNamed(t, rows.at(-1)!.manifest));
  });

  it('keeps the parts it held when a read fails', async () => {
    const served = new ServedContent(ENVIRONMENT, changedParts);
    const [row] = rows;
    await served.follow(t.app.db, [row!]);
    const held = served.heldCounts();
    const unknown = { ...row!, revision: row!.revision + 1 };
    unknown.manifest = { ...row!.manifest, release: 'f'.repeat(64) };
    await expect(served.follow(t.app.db, [unknown])).rejects.toThrow(/runtime part f+ of stable is missing/);
    expect(served.revision).toBe(row!.revision);
    expect(served.heldCounts()).toEqual(held);
  });
});

describe('a served revision’s compressed copies', () => {
  it('are made once, on the first request asking, then answered at once', async () => {
    const content = makeRuntimeContent({ padding: 5_000 });
    const facts = {
      environmentId: 'dev',
      revision: 1,
      hash: 'h'.repeat(64),
      created: new Date(0),
      createdBy: 'x',
    };
    const body = wholeBodyOf(facts, content);
    const served = serveRevision(facts, content, body);
    const asked = served.compressed('gzip');
    expect(asked).toBeInstanceOf(Promise);
    // A concurrent first request waits for the same compression.
    expect(served.compressed('gzip')).toBe(asked);
    const gzipped = (await asked)!;
    expect(gunzipSync(gzipped).equals(body)).toBe(true);
    expect(served.compressed('gzip')).toBe(gzipped);
    // br is not made until asked for.
    expect(served.compressed('br')).toBeInstanceOf(Promise);
  });
});
