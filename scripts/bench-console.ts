// What `npm run bench`'s scripts share: the console over its own PostgreSQL (embedded unless
// DATABASE_URL), signed in, and the dev environment of a busy team (audit log, A/B-tests,
// configurations, plugin entries), written once here so every benchmark measures the same data.
import { AUDIT_ACTIONS } from '@console/domain/audit';
import { defaultConfigData } from '@console/domain/config';
import { PluginId } from '@console/domain/enums';
import {
  buildTestApp,
  cloneDatabase,
  createTemplateDatabase,
  startTestPostgres,
} from '@console/server/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export interface BenchConsole {
  app: FastifyInstance;
  /** The session cookie header of the signed-in operator. */
  cookie: string;
  /** POST JSON in dev as the operator, in-process; answers the response. */
  post(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
  /** The database's URL, as its owner (seeding in bulk). */
  databaseUrl: string;
}

const OPERATOR = 'bench@example.com';

/** The console over a fresh database, quiet logs (as with LOG_LEVEL=warn), signed in with dev login. */
export async function startBenchConsole(env: NodeJS.ProcessEnv = {}): Promise<BenchConsole> {
  const server = await startTestPostgres();
  const template = await createTemplateDatabase(server);
  const database = await cloneDatabase(server.adminUrl, template, server.prefix);
  // One operator's session at 100 connections is far over the API's rate limit: the limit stays on, so
  // its cost is measured, but above what the load sends.
  const app = await buildTestApp(database.url, {
    ADMIN_EMAILS: OPERATOR,
    API_RATE_LIMIT_PER_SESSION: '2000000000',
    API_RATE_LIMIT_PER_ADDRESS: '2000000000',
    ...env,
  });
  const login = await app.inject({ method: 'POST', url: '/oauth/login/dev', payload: { email: OPERATOR } });
  if (login.statusCode !== 200) throw new Error(`dev login failed: ${login.body}`);
  const cookie = String(login.headers['set-cookie']).split(';')[0]!;
  const post = (url: string, payload?: unknown) =>
    app.inject({
      method: 'POST',
      url: url.includes('?') ? url : `${url}?configuration=dev`,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    app,
    cookie,
    post,
    databaseUrl: database.url,
    close: async () => {
      await app.close();
      await database.drop();
      await server.stop();
    },
  };
}

/** The A/B-tests, configurations and audit rows the seeded dev environment holds. */
export interface BenchData {
  /** 100 sticky A/B-tests with 3 versions each, version 1 active. */
  abTestIds: string[];
  configurationKind: 'ar';
  configurationCount: number;
  /** The id of the configuration at index 0 .. configurationCount - 1. */
  configurationId(index: number): string;
  /** Indexes of the configurations plugin entries point at (the others are free to edit). */
  usedConfigurationIndexes: ReadonlySet<number>;
  auditRows: number;
}

const AUDIT_ROWS = 10_000;
const AB_TESTS = 100;
const CONFIG_ROWS = 10_000;
const CONFIG_KIND = 'ar';
const PLUGIN_ENTRIES = 50;
const configurationId = (index: number) => `bench-config-${String(index).padStart(5, '0')}`;

/**
 * The dev environment of a busy team: 10,000 audit entries over every action, 100 A/B-tests with
 * 3 versions each, 10,000 configurations of one kind, and 50 plugin entries pointing at 100 of them,
 * so list pages compute inUse from real entries. Statistics as autovacuum leaves them after such a load.
 */
export async function seedBenchData({ app, post }: BenchConsole): Promise<BenchData> {
  const expectOk = async (response: Promise<LightMyRequestResponse>) => {
    const answer = await response;
    if (answer.statusCode !== 200) throw new Error(`seeding: ${answer.statusCode} ${answer.body}`);
    return answer.json().payload;
  };
  for (let start = 0; start < AUDIT_ROWS; start += 1_000) {
    await app.db.auditEntry.createMany({
      data: Array.from({ length: 1_000 }, (_, offset) => ({
        environmentId: 'dev',
        action: AUDIT_ACTIONS[(start + offset) % AUDIT_ACTIONS.length] as string,
        target: `t${(start + offset) % 500}`,
        email: OPERATOR,
        attributes: { index: start + offset },
      })),
    });
  }
  await app.db.$executeRawUnsafe('VACUUM ANALYZE audit_entry');

  const abTestIds = Array.from({ length: AB_TESTS }, (_, index) => `bench-${index}`);
  for (const [index, id] of abTestIds.entries()) {
    await expectOk(post('/api/abtest/create', { id, description: `Bench ${index}`, type: 0 }));
    for (const weights of [[1_000_000], [500_000, 500_000], [400_000, 300_000, 300_000]]) {
      await expectOk(post('/api/abtest/versions/save', { id, weights }));
    }
    await expectOk(post('/api/abtest/activate/version', { id, version: 1 }));
  }

  // One configuration created over HTTP, the others copies of it.
  const created = await expectOk(
    post(`/api/config/${CONFIG_KIND}/create`, {
      id: configurationId(0),
      description: 'Bench',
      data: defaultConfigData(CONFIG_KIND),
    }),
  );
  for (let start = 1; start < CONFIG_ROWS; start += 1_000) {
    await app.db.configuration.createMany({
      data: Array.from({ length: Math.min(1_000, CONFIG_ROWS - start) }, (_, offset) => ({
        environmentId: 'dev',
        id: configurationId(start + offset),
        kind: CONFIG_KIND,
        description: `Bench ${start + offset}`,
        active: (start + offset) % 3 === 0,
        activation: created.activation,
        data: created.data,
        lastModifier: OPERATOR,
      })),
    });
  }
  const used = new Set<number>();
  await app.db.pluginAbTestEntry.createMany({
    data: Array.from({ length: PLUGIN_ENTRIES }, (_, position) => {
      const configurations = [position * 7, 5_000 + position * 13];
      for (const index of configurations) used.add(index);
      return {
        environmentId: 'dev',
        pluginId: PluginId.AGILITY_RACE,
        state: position % 2 ? 'draft' : 'active',
        position,
        abTestId: abTestIds[position]!,
        abTestVersion: 1,
        configurations: configurations.map(configurationId),
      };
    }),
  });
  await app.db.$executeRawUnsafe('VACUUM ANALYZE configuration');

  return {
    abTestIds,
    configurationKind: CONFIG_KIND,
    configurationCount: CONFIG_ROWS,
    configurationId,
    usedConfigurationIndexes: used,
    auditRows: AUDIT_ROWS,
  };
}
