import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { ENV_VARIABLE_NAMES, parseEnvSettings, REPO_ROOT, readSettings } from '../src/settings.ts';

// Nothing here can run Docker: the Dockerfile and docker-compose.yml are checked as text instead, against
// what the console itself reads (the configuration schema) and what the build produces.

interface ComposeService {
  image?: string;
  build?: string | { context: string };
  extends?: string | { service: string };
  environment?: Record<string, string | number | boolean | null>;
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  stop_grace_period?: string;
  healthcheck?: unknown;
}

const composeDocument = parseDocument(readFileSync(resolve(REPO_ROOT, 'docker-compose.yml'), 'utf8'), {
  merge: true,
});
const compose = composeDocument.toJS() as { services: Record<string, ComposeService> };
const dockerfile = readFileSync(resolve(REPO_ROOT, 'Dockerfile'), 'utf8');
const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
const rootPackage = JSON.parse(readFileSync(resolve(REPO_ROOT, 'package.json'), 'utf8')) as {
  workspaces: string[];
};

/** Compose's `${NAME:-default}` and `${NAME}` as `docker compose up` reads them with nothing exported. */
const interpolate = (value: string) =>
  value.replace(/\$\{(\w+)(?::?-([^}]*))?\}/g, (_whole, _name: string, fallback?: string) => fallback ?? '');

/** Whether a service's key carries Compose's `!override` (replace what `extends` brought, not add to it). */
const isOverridden = (name: string, key: string) =>
  (composeDocument.getIn(['services', name, key], true) as { tag?: string } | undefined)?.tag === '!override';

/** A service as Compose resolves `extends`: variables merged name by name, ports added unless overridden. */
function resolvedService(name: string): ComposeService {
  const service = compose.services[name];
  if (service === undefined) throw new Error(`no service ${name}`);
  if (service.extends === undefined) return service;
  const base = resolvedService(
    typeof service.extends === 'string' ? service.extends : service.extends.service,
  );
  return {
    ...base,
    ...service,
    environment: { ...base.environment, ...service.environment },
    ports: isOverridden(name, 'ports') ? service.ports : [...(base.ports ?? []), ...(service.ports ?? [])],
  };
}

/** The image's own ENV lines (`ENV A=1 B=2`), which a container has unless the compose file sets them. */
const imageEnvironment: Record<string, string> = Object.fromEntries(
  [...finalStage.matchAll(/^ENV (.+)$/gm)].flatMap((line) =>
    line[1]!.split(/\s+/).map((pair) => pair.split('=') as [string, string]),
  ),
);

/** A service's variables as the file sets them. */
const variablesOf = (service: ComposeService): Record<string, string> =>
  Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([name, value]) => [
      name,
      interpolate(String(value ?? '')),
    ]),
  );

/** What the console in a service's container finds in its environment: the image's, then the file's. */
const environmentOf = (service: ComposeService) => ({ ...imageEnvironment, ...variablesOf(service) });

const consoleServices = Object.keys(compose.services)
  .map((name) => [name, resolvedService(name)] as const)
  .filter(([, service]) => service.build !== undefined);

/** "[address:]host:container" → both ports. */
const portsOf = (mapping: string) => {
  const [host, container] = mapping.split(':').slice(-2).map(Number);
  return { host: host!, container: container! };
};

const seconds = (duration: string) => {
  const match = /^(\d+)(s|m)$/.exec(duration);
  if (!match) throw new Error(`unreadable duration ${duration}`);
  return Number(match[1]) * (match[2] === 'm' ? 60 : 1);
};

describe('docker-compose.yml', () => {
  it('runs two console replicas built from the Dockerfile', () => {
    expect(composeDocument.errors).toEqual([]);
    // The only tags are Compose's own, which a plain YAML reader does not know.
    const unknownTags = composeDocument.warnings.filter(
      (warning) => !/Unresolved tag: !override\b/.test(warning.message),
    );
    expect(unknownTags).toEqual([]);
    expect(consoleServices.length).toBeGreaterThanOrEqual(2);
    for (const [, service] of consoleServices) {
      const context = typeof service.build === 'string' ? service.build : service.build?.context;
      expect(context).toBe('.');
    }
  });

  it('gives each replica only variables the console reads, with values its schema accepts', () => {
    for (const [name, service] of consoleServices) {
      const environment = environmentOf(service);
      const unknown = Object.keys(environment).filter((variable) => !ENV_VARIABLE_NAMES.includes(variable));
      expect(unknown, `${name} sets variables the console does not read`).toEqual([]);
      // Everything a start checks, with the image's NODE_ENV=production unless the file says otherwise.
      expect(() => readSettings(environment, environment.DATABASE_URL!), name).not.toThrow();
    }
  });

  it('points every replica at one PostgreSQL of the file, started before them and healthy', () => {
    const databases = new Set(consoleServices.map(([, service]) => environmentOf(service).DATABASE_URL));
    expect(databases.size).toBe(1);
    const database = new URL([...databases][0]!);
    const postgres = compose.services[database.hostname];
    expect(postgres, `DATABASE_URL names the service ${database.hostname}`).toBeDefined();
    expect(postgres!.healthcheck).toBeDefined();
    const postgresEnvironment = variablesOf(postgres!);
    expect(database.port).toBe('5432');
    expect(database.pathname.slice(1)).toBe(postgresEnvironment.POSTGRES_DB);
    for (const [, service] of consoleServices) {
      expect(service.depends_on?.[database.hostname]?.condition).toBe('service_healthy');
    }
  });

  it('publishes each replica on its own host port, the container port being the one it listens on', () => {
    const hostPorts = new Set<number>();
    for (const [name, service] of consoleServices) {
      const env = parseEnvSettings(environmentOf(service));
      expect(service.ports, name).toHaveLength(1);
      const { host, container } = portsOf(service.ports![0]!);
      expect(container, `${name} listens on PORT`).toBe(env.PORT);
      expect(new URL(env.PUBLIC_URL!).port, `${name}'s PUBLIC_URL is where it is published`).toBe(
        String(host),
      );
      hostPorts.add(host);
    }
    expect(hostPorts.size).toBe(consoleServices.length);
  });

  it('shares the session secret between replicas and lets each finish its requests before a kill', () => {
    const secrets = new Set(consoleServices.map(([, service]) => environmentOf(service).SESSION_SECRET));
    expect(secrets.size).toBe(1);
    for (const [name, service] of consoleServices) {
      const env = parseEnvSettings(environmentOf(service));
      expect(seconds(service.stop_grace_period ?? '10s'), name).toBeGreaterThan(env.SHUTDOWN_TIMEOUT_SECONDS);
    }
  });
});

describe('Dockerfile', () => {
  it('builds on Node 24 LTS in stages, and runs as an unprivileged user', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24[-\w.]*$/m);
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
    const user = /^USER (\S+)$/m.exec(finalStage)?.[1];
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
  });

  it('installs production dependencies only in the image it runs', () => {
    expect(finalStage).toMatch(/npm ci [^\n]*--omit=dev/);
    expect(finalStage).not.toMatch(/tsx/);
  });

  it('copies every workspace manifest, so the lockfile installs', () => {
    const workspaceDirs = rootPackage.workspaces.flatMap((pattern) => {
      const parent = pattern.replace(/\/\*$/, '');
      return readdirSync(resolve(REPO_ROOT, parent))
        .map((name) => `${parent}/${name}`)
        .filter((dir) => existsSync(resolve(REPO_ROOT, dir, 'package.json')));
    });
    expect(workspaceDirs.length).toBeGreaterThanOrEqual(4);
    for (const dir of workspaceDirs) {
      // Once for the build stage, once for the image.
      expect(dockerfile.split(`COPY ${dir}/package.json ${dir}/`).length - 1, dir).toBe(2);
    }
  });

  it('serves the built server and web app, with the migrations, and checks health on /readyz', () => {
    expect(finalStage).toMatch(/^CMD \[[^\]]*"apps\/server\/dist\/server\.js"\]$/m);
    expect(finalStage).toMatch(/^COPY --from=build \/app\/apps\/server\/dist apps\/server\/dist$/m);
    expect(finalStage).toMatch(/^COPY --from=build \/app\/apps\/web\/dist apps\/web\/dist$/m);
    expect(finalStage).toMatch(/^COPY prisma\/migrations prisma\/migrations$/m);
    expect(finalStage).toMatch(/^HEALTHCHECK [\s\S]*\/readyz/m);
    const port = /^ENV [^\n]*PORT=(\d+)/m.exec(finalStage)?.[1];
    expect(finalStage).toMatch(new RegExp(`^EXPOSE ${port}$`, 'm'));
  });
});
