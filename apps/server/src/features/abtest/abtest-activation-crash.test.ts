import { NO_VERSION } from '@console/domain/abtest';
import { AbTestType } from '@console/domain/enums';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { dumpEnvironment, withConnection } from '../../../test/faults.ts';
import { closeAfterUse } from '../../testing/close-after-use.ts';
import { cloneDatabase, type ServerProcess, startServerProcess } from '../../testing/index.ts';

// Faults: a server killed (SIGKILL) in the middle of A/B-test activations restarts with
// exactly one active state for every A/B-test: each activation is one transaction with its audit
// entry, so it is there whole or not at all. The server runs as `npm start` runs it, in a child
// process over this file's database; the test kills it and starts it again.
//
// First deterministically: the test holds a lock that every mutation's audit insert needs, so each
// activation in flight has written its version and A/B-test rows and waits, uncommitted, when the
// process is killed. Then under free-running traffic, killed while a transaction is open.

const OPERATOR = 'crash@example.com';
const SERVER_ENV = { SESSION_SECRET: 'crash-test-secret-crash-test', ADMIN_EMAILS: OPERATOR };

interface VersionRow {
  version: number;
  active: boolean;
  cases: number[];
}
interface AbTestRow {
  id: string;
  type: number;
  active: boolean;
  versions: VersionRow[];
}
interface AuditRow {
  action: string;
  target: string;
  attributes: { version?: number; previousVersion?: number; cases?: number[] };
}

/** The A/B-tests of dev with their versions, and their audit entries in order, read directly. */
const readAbTests = (url: string) =>
  withConnection(url, async (client) => {
    const tests = await client.query<AbTestRow>(
      `SELECT t.id, t.type, t.active,
              COALESCE((SELECT json_agg(json_build_object('version', v.version, 'active', v.active, 'cases', v.cases)
                                        ORDER BY v.version)
                          FROM ab_test_version v
                         WHERE v.environment_id = t.environment_id AND v.ab_test_id = t.id), '[]') AS versions
         FROM ab_test t WHERE t.environment_id = 'dev' ORDER BY t.id`,
    );
    const audit = await client.query<AuditRow>(
      `SELECT action, target, attributes FROM audit_entry
        WHERE environment_id = 'dev' AND action LIKE 'abtest.%' ORDER BY id`,
    );
    return { tests: tests.rows, audit: audit.rows };
  });

/**
 * One active state per A/B-test, agreeing with the audit log: the versions are exactly those saved,
 * the active ones exactly those activated, in one chain (each activation names the one before it as
 * its previous version, each newer than the last), the test active exactly when it was activated,
 * and a rollout's versions all active (a rollout never stops saved but not activated).
 */
async function expectOneActiveState(url: string) {
  const { tests, audit } = await readAbTests(url);
  for (const test of tests) {
    const entries = audit.filter((entry) => entry.target === test.id);
    const saves = entries.filter((entry) =>
      ['abtest.version.save', 'abtest.rollout.apply'].includes(entry.action),
    );
    const activations = entries.filter((entry) =>
      ['abtest.version.activate', 'abtest.rollout.apply'].includes(entry.action),
    );
    const where = `A/B-test '${test.id}'`;
    expect(
      test.versions.map(({ version, cases }) => ({ version, cases })),
      `${where}: versions as saved`,
    ).toEqual(saves.map(({ attributes }) => ({ version: attributes.version, cases: attributes.cases })));
    expect(
      test.versions.filter((version) => version.active).map((version) => version.version),
      `${where}: active versions as activated`,
    ).toEqual(activations.map(({ attributes }) => attributes.version));
    let previous = NO_VERSION;
    for (const { attributes } of activations) {
      expect(attributes.previousVersion, `${where}: one chain of activations`).toBe(previous);
      expect(attributes.version!, `${where}: each activation newer`).toBeGreaterThan(previous);
      previous = attributes.version!;
    }
    expect(test.active, `${where}: active exactly when activated`).toBe(
      entries.some((entry) => entry.action === 'abtest.activate'),
    );
    if (test.active) expect(activations.length, `${where}: active with an active version`).toBeGreaterThan(0);
    if (test.type === AbTestType.Rollout) {
      expect(
        test.versions.every((version) => version.active),
        `${where}: rollout half-applied`,
      ).toBe(true);
    }
  }
  return tests;
}

describe('a server killed in the middle of A/B-test activations', () => {
  let databaseUrl: string;
  let server: ServerProcess | undefined;
  let cookie = '';

  const post = (path: string, body: unknown) =>
    fetch(`${server!.url}${path}?configuration=dev`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const payloadOf = async (path: string, body: unknown) => {
    const response = await post(path, body);
    const text = await response.text();
    expect(response.status, `${path} ${JSON.stringify(body)}: ${text}`).toBe(200);
    return JSON.parse(text).payload;
  };
  const start = async () => {
    server = await startServerProcess({ databaseUrl, env: SERVER_ENV, entry: inject('serverBundle') });
  };
  /** Waits until PostgreSQL has ended every session of the killed server (their transactions with them). */
  const waitForSessionsToEnd = () =>
    withConnection(databaseUrl, async (client) => {
      for (;;) {
        const { rows } = await client.query<{ sessions: number }>(
          `SELECT count(*)::int AS sessions FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()`,
        );
        if (rows[0]!.sessions === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });

  beforeAll(async () => {
    const database = await cloneDatabase(
      inject('adminUrl'),
      inject('templateDatabase'),
      inject('databasePrefix'),
    );
    databaseUrl = database.url;
    closeAfterUse(async () => {
      await server?.stop('SIGTERM');
      await database.drop();
    });
    await start();
    const login = await fetch(`${server!.url}/oauth/login/dev`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: OPERATOR }),
    });
    expect(login.status).toBe(200);
    cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
  });

  const createTest = (id: string, type: number) =>
    payloadOf('/api/abtest/create', { id, description: id, type });
  const saveVersion = async (id: string, weights: number[]) =>
    (await payloadOf('/api/abtest/versions/save', { id, weights })).version as number;

  it('killed while every activation in flight has written its rows: none of them is there after the restart', async () => {
    // Each A/B-test gets one activation in flight, of each kind the product has.
    for (const id of ['sticky-1', 'sticky-2', 'sticky-3', 'fresh-1'])
      await createTest(id, AbTestType.StickySegmentation);
    for (const id of ['rollout-1', 'rollout-2']) {
      await createTest(id, AbTestType.Rollout);
      await payloadOf('/api/abtest/rollout/apply', { id, treatment: 10 });
    }
    for (const id of ['sticky-1', 'sticky-2', 'sticky-3']) {
      await payloadOf('/api/abtest/activate/version', { id, version: await saveVersion(id, [1_000_000]) });
      await saveVersion(id, [400_000, 600_000]);
    }
    await payloadOf('/api/abtest/activate/test', { id: 'sticky-1', active: true });
    await saveVersion('fresh-1', [1_000_000]);
    const inFlight: [string, unknown][] = [
      ['/api/abtest/activate/version', { id: 'sticky-1', version: 1 }],
      ['/api/abtest/activate/version', { id: 'sticky-2', version: 1 }],
      ['/api/abtest/activate/test', { id: 'sticky-3', active: true }],
      ['/api/abtest/activate/version', { id: 'fresh-1', version: 0 }],
      ['/api/abtest/rollout/apply', { id: 'rollout-1', treatment: 50 }],
      ['/api/abtest/rollout/apply', { id: 'rollout-2', treatment: 90 }],
    ];
    const before = await dumpEnvironment(databaseUrl, 'dev');
    const statesBefore = await expectOneActiveState(databaseUrl);

    await withConnection(databaseUrl, async (holder) => {
      // Reads go on; every insert into the audit log waits for this lock, so every mutation waits
      // with its changes written and uncommitted, just before its audit entry.
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE audit_entry IN SHARE MODE');
      const early: string[] = [];
      const answers = inFlight.map(([path, body]) =>
        post(path, body).then(
          async (response) => {
            early.push(`${path} ${JSON.stringify(body)}: ${response.status} ${await response.text()}`);
            return `answered ${response.status}`;
          },
          () => 'no answer',
        ),
      );
      for (;;) {
        expect(early, 'every activation waits for the audit log').toEqual([]);
        const { rows } = await holder.query<{ waiting: number }>(
          `SELECT count(*)::int AS waiting FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
            WHERE c.relname = 'audit_entry' AND NOT l.granted
              AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        );
        if (rows[0]!.waiting === inFlight.length) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await server!.stop('SIGKILL');
      expect(await Promise.all(answers)).toEqual(inFlight.map(() => 'no answer'));
      await holder.query('COMMIT');
    });
    await waitForSessionsToEnd();

    await start();
    expect(await dumpEnvironment(databaseUrl, 'dev')).toEqual(before);
    expect(await expectOneActiveState(databaseUrl)).toEqual(statesBefore);
    for (const test of statesBefore) {
      const served = await payloadOf('/api/abtest/get', { id: test.id });
      const current = test.versions.filter((version) => version.active).at(-1);
      expect(served.data.version, test.id).toBe(current?.version ?? NO_VERSION);
    }

    // Nothing half-done is left in the way (no lock, no half-saved rollout version): every one of
    // those activations goes through on the restarted server, and then holds.
    for (const [path, body] of inFlight) await payloadOf(path, body);
    const after = await expectOneActiveState(databaseUrl);
    const currentOf = (id: string) =>
      after
        .find((test) => test.id === id)!
        .versions.filter((v) => v.active)
        .at(-1);
    expect(currentOf('sticky-1')?.version).toBe(1);
    expect(currentOf('fresh-1')?.version).toBe(0);
    expect(currentOf('rollout-2')?.cases).toEqual([100_000, 900_000]);
    expect(after.find((test) => test.id === 'sticky-3')?.active).toBe(true);
  }, 120_000);

  it('killed under free-running activation traffic: every A/B-test restarts with one active state', async () => {
    const sticky = ['run-sticky-1', 'run-sticky-2', 'run-sticky-3', 'run-sticky-4'];
    const rollouts = ['run-rollout-1', 'run-rollout-2', 'run-rollout-3', 'run-rollout-4'];
    for (const id of sticky) await createTest(id, AbTestType.StickySegmentation);
    for (const id of rollouts) await createTest(id, AbTestType.Rollout);

    let completed = 0;
    let isKilled = false;
    const failures: string[] = [];
    // One loop per A/B-test, all at once: save a version and activate it, or apply a rollout.
    const churn = async (id: string, isRollout: boolean) => {
      for (let round = 1; !isKilled; round += 1) {
        try {
          if (isRollout) {
            const response = await post('/api/abtest/rollout/apply', {
              id,
              treatment: 1 + ((round * 7) % 99),
            });
            if (response.status !== 200) failures.push(`${id}: ${response.status} ${await response.text()}`);
          } else {
            const share = 1_000 + ((round * 37_000) % 998_000);
            const version = await saveVersion(id, [share, 1_000_000 - share]);
            const response = await post('/api/abtest/activate/version', { id, version });
            if (response.status !== 200) failures.push(`${id}: ${response.status} ${await response.text()}`);
          }
          completed += 1;
        } catch (error) {
          // A call cut by the kill has no answer; any other failure is the test's.
          if (!isKilled) failures.push(`${id}: ${String(error)}`);
          return;
        }
      }
    };
    const loops = [...sticky.map((id) => churn(id, false)), ...rollouts.map((id) => churn(id, true))];

    await withConnection(databaseUrl, async (watcher) => {
      for (;;) {
        const { rows } = await watcher.query<{ open: number }>(
          `SELECT count(*)::int AS open FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()
              AND xact_start IS NOT NULL AND state <> 'idle'`,
        );
        // Some activations done and a transaction open this instant: kill now.
        if (completed >= 40 && rows[0]!.open > 0) break;
        if (failures.length > 0 || server!.hasExited) break;
        // A look every few milliseconds, not a busy loop: the loop's queries took the cores the server
        // under test needed for its activations (each is open for longer than this).
        await new Promise((resolve) => setTimeout(resolve, completed >= 40 ? 2 : 20));
      }
    });
    isKilled = true;
    await server!.stop('SIGKILL');
    await Promise.all(loops);
    expect(failures).toEqual([]);
    await waitForSessionsToEnd();

    await start();
    const tests = await expectOneActiveState(databaseUrl);
    for (const test of tests) {
      const served = await payloadOf('/api/abtest/get', { id: test.id });
      const current = test.versions.filter((version) => version.active).at(-1);
      expect(served.data.version, test.id).toBe(current?.version ?? NO_VERSION);
      // and each takes its next activation
      if (test.type === AbTestType.Rollout)
        await payloadOf('/api/abtest/rollout/apply', { id: test.id, treatment: 33 });
    }
    await expectOneActiveState(databaseUrl);
  }, 120_000);
});
