import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/settings.ts';
import { runProcess } from '../src/testing/index.ts';

// The import boundaries are rules of the repository's biome.json (overrides per path). This lints small
// files placed at the paths those rules name, in a copy of the repository's layout outside the repository,
// with the repository's own biome.json: a forbidden import fails the lint naming its rule, an allowed one passes.

const RESTRICTED = 'lint/style/noRestrictedImports';
const NODE_MODULES = 'lint/correctness/noNodejsModules';
const BOUNDARY_RULES: string[] = [RESTRICTED, NODE_MODULES];

interface Fixture {
  path: string;
  source: string;
  /** The rule that must refuse it; absent when the import is allowed. */
  refusedBy?: typeof RESTRICTED | typeof NODE_MODULES;
}

const use = (specifier: string, binding = 'imported') =>
  `import { ${binding} } from '${specifier}';\n\nexport const used = ${binding};\n`;

const useDefault = (specifier: string, binding: string) =>
  `import ${binding} from '${specifier}';\n\nexport const used = ${binding};\n`;

const FORBIDDEN: Fixture[] = [
  // Prisma: only stores and db/.
  {
    path: 'apps/server/src/features/thing/thing.service.ts',
    source: use('../../generated/prisma/client.ts', 'PrismaClient'),
    refusedBy: RESTRICTED,
  },
  {
    path: 'apps/server/src/features/thing/thing.routes.ts',
    source: use('@prisma/client'),
    refusedBy: RESTRICTED,
  },
  { path: 'apps/server/src/http/thing.ts', source: use('@prisma/adapter-pg'), refusedBy: RESTRICTED },
  { path: 'apps/server/test/thing.ts', source: use('prisma/config'), refusedBy: RESTRICTED },
  {
    path: 'apps/web/src/features/thing/thing.store.ts',
    source: use('@prisma/client'),
    refusedBy: RESTRICTED,
  },
  // The web: no server code, no Node.js modules.
  { path: 'apps/web/src/features/thing/Thing.tsx', source: use('@console/server'), refusedBy: RESTRICTED },
  {
    path: 'apps/web/src/features/thing/testing.ts',
    source: use('@console/server/testing'),
    refusedBy: RESTRICTED,
  },
  {
    path: 'apps/web/src/features/thing/relative.ts',
    source: use('../../../../server/src/app.ts', 'buildApp'),
    refusedBy: RESTRICTED,
  },
  // The web's feature folders take their form fields from the kit (components/form/).
  {
    path: 'apps/web/src/features/thing/NameField.tsx',
    source: useDefault('@mui/material/TextField', 'TextField'),
    refusedBy: RESTRICTED,
  },
  {
    path: 'apps/web/src/features/thing/Toggle.tsx',
    source: use('@mui/material', 'Switch'),
    refusedBy: RESTRICTED,
  },
  {
    path: 'apps/web/src/features/thing/Choice.tsx',
    source: useDefault('@mui/material/RadioGroup', 'RadioGroup'),
    refusedBy: RESTRICTED,
  },
  {
    path: 'apps/web/src/features/thing/part/When.tsx',
    source: use('@mui/x-date-pickers/DateTimeField', 'DateTimeField'),
    refusedBy: RESTRICTED,
  },
  // The feature folders' own override keeps the web's other rules.
  {
    path: 'apps/web/src/features/thing/files.ts',
    source: use('node:fs', 'readFileSync'),
    refusedBy: NODE_MODULES,
  },
  { path: 'apps/web/src/api/files.ts', source: use('node:fs', 'readFileSync'), refusedBy: NODE_MODULES },
  { path: 'apps/web/src/api/path.ts', source: use('path', 'join'), refusedBy: NODE_MODULES },
  // The domain: no framework.
  { path: 'packages/domain/src/fastify.ts', source: use('fastify'), refusedBy: RESTRICTED },
  {
    path: 'packages/domain/src/provider.ts',
    source: use('fastify-type-provider-zod'),
    refusedBy: RESTRICTED,
  },
  { path: 'packages/domain/src/prisma.ts', source: use('@prisma/client'), refusedBy: RESTRICTED },
  { path: 'packages/domain/src/react.ts', source: use('react', 'useState'), refusedBy: RESTRICTED },
  { path: 'packages/domain/src/mui.ts', source: use('@mui/material', 'Button'), refusedBy: RESTRICTED },
  { path: 'packages/domain/src/node.ts', source: use('node:crypto', 'randomUUID'), refusedBy: NODE_MODULES },
  // The distribution library: the statistics alone use it, and they are still domain code.
  { path: 'packages/domain/src/abtest/jstat.ts', source: use('jstat', 'jStat'), refusedBy: RESTRICTED },
  { path: 'packages/domain/src/statistics/fastify.ts', source: use('fastify'), refusedBy: RESTRICTED },
  {
    path: 'packages/domain/src/statistics/node.ts',
    source: use('node:fs', 'readFileSync'),
    refusedBy: NODE_MODULES,
  },
  // Features: another feature only through its services or its public module.
  {
    path: 'apps/server/src/features/thing/thing-other.service.ts',
    source: use('../other/other.store.ts'),
    refusedBy: RESTRICTED,
  },
  {
    path: 'apps/server/src/features/thing/thing.store.ts',
    source: use('../other/other.store.ts'),
    refusedBy: RESTRICTED,
  },
  // The same through the features folder: a longer path to another feature is the same boundary.
  {
    path: 'apps/server/src/features/thing/thing-deep.service.ts',
    source: use('../../features/other/other.store.ts'),
    refusedBy: RESTRICTED,
  },
  {
    path: 'apps/server/src/features/thing/thing-deep.store.ts',
    source: use('../../features/other/other-cache.ts'),
    refusedBy: RESTRICTED,
  },
  {
    path: 'apps/server/src/features/thing/thing.loaders.ts',
    source: use('../other/other.loaders.ts'),
    refusedBy: RESTRICTED,
  },
  {
    path: 'apps/server/src/features/thing/thing.transfer-group.ts',
    source: use('../transfer/transfer-group.ts'),
    refusedBy: RESTRICTED,
  },
  {
    path: 'apps/server/src/http/thing-store.ts',
    source: use('../features/other/other.store.ts'),
    refusedBy: RESTRICTED,
  },
  {
    path: 'apps/server/src/http/thing.ts',
    source: use('../features/other/other-cache.ts'),
    refusedBy: RESTRICTED,
  },
  // Other spellings of the same path, and a feature's own subfolder, which is one level deeper.
  {
    path: 'apps/server/src/features/thing/thing-dot.service.ts',
    source: use('./../other/other.store.ts'),
    refusedBy: RESTRICTED,
  },
  {
    path: 'apps/server/src/features/thing/thing-round.service.ts',
    source: use('../other/../other/other.store.ts'),
    refusedBy: RESTRICTED,
  },
  {
    path: 'apps/server/src/features/thing/thing-src.service.ts',
    source: use('../../../src/features/other/other.store.ts'),
    refusedBy: RESTRICTED,
  },
  {
    path: 'apps/server/src/features/thing/part/part.service.ts',
    source: use('../../other/other.store.ts'),
    refusedBy: RESTRICTED,
  },
  {
    path: 'apps/server/src/features/thing/part/part.store.ts',
    source: use('../../other/other-cache.ts'),
    refusedBy: RESTRICTED,
  },
  {
    path: 'apps/server/src/features/thing/part/part-deep.service.ts',
    source: use('../../../features/other/other.store.ts'),
    refusedBy: RESTRICTED,
  },
  {
    path: 'apps/server/src/jobs/part/thing.ts',
    source: use('../../features/other/other.store.ts'),
    refusedBy: RESTRICTED,
  },
  {
    path: 'apps/server/src/http/thing-dot.ts',
    source: use('./../features/other/other.store.ts'),
    refusedBy: RESTRICTED,
  },
  // db/ is below the features.
  {
    path: 'apps/server/src/db/thing.ts',
    source: use('../features/other/other.service.ts'),
    refusedBy: RESTRICTED,
  },
  // The runtime SDK talks to the server over HTTP only.
  {
    path: 'packages/runtime-client/src/thing.ts',
    source: use('../../../apps/server/src/app.ts', 'buildApp'),
    refusedBy: RESTRICTED,
  },
  {
    path: 'packages/runtime-client/src/testing.ts',
    source: use('@console/server/testing'),
    refusedBy: RESTRICTED,
  },
];

const ALLOWED: Fixture[] = [
  { path: 'apps/server/src/features/thing/thing.store.ts', source: use('../../generated/prisma/client.ts') },
  { path: 'apps/server/src/db/thing.ts', source: use('@prisma/adapter-pg') },
  { path: 'prisma.config.ts', source: use('prisma/config', 'defineConfig') },
  { path: 'apps/server/src/features/thing/thing.service.ts', source: use('fastify') },
  { path: 'apps/web/src/features/thing/Thing.tsx', source: use('@console/domain') },
  { path: 'apps/web/src/features/thing/react.ts', source: use('react', 'useState') },
  { path: 'apps/web/src/features/thing/Buttons.tsx', source: use('@mui/material', 'Button') },
  { path: 'apps/web/src/features/thing/Layout.tsx', source: useDefault('@mui/material/Stack', 'Stack') },
  {
    path: 'apps/web/src/components/form/ThingFormField.tsx',
    source: useDefault('@mui/material/TextField', 'TextField'),
  },
  { path: 'apps/web/vite.config.ts', source: use('node:path', 'resolve') },
  { path: 'packages/domain/src/thing.ts', source: use('zod', 'z') },
  { path: 'packages/domain/src/thing.test.ts', source: use('node:fs', 'readFileSync') },
  { path: 'packages/domain/src/statistics/thing.ts', source: use('jstat', 'jStat') },
  { path: 'packages/domain/src/statistics/schemas.ts', source: use('zod', 'z') },
  { path: 'apps/server/src/features/thing/thing-own.service.ts', source: use('./thing.store.ts') },
  { path: 'apps/server/src/features/thing/thing-use.service.ts', source: use('../other/other.service.ts') },
  { path: 'apps/server/src/features/thing/thing-more.service.ts', source: use('../other/other.public.ts') },
  {
    path: 'apps/server/src/features/thing/thing-deep-use.service.ts',
    source: use('../../features/other/other.service.ts'),
  },
  { path: 'apps/server/src/features/thing/part/part-own.service.ts', source: use('../thing.store.ts') },
  {
    path: 'apps/server/src/features/thing/part/part-next.service.ts',
    source: use('../other-part/other-part.ts'),
  },
  {
    path: 'apps/server/src/features/thing/part/part-use.service.ts',
    source: use('../../other/other.service.ts'),
  },
  {
    path: 'apps/server/src/features/thing/part/part-db.service.ts',
    source: use('../../../db/unit-of-work.ts'),
  },
  { path: 'apps/server/src/features/thing/thing-part.service.ts', source: use('./part/part.store.ts') },
  { path: 'apps/server/src/features/thing/thing-db.service.ts', source: use('../../db/unit-of-work.ts') },
  { path: 'apps/server/src/features/thing/thing.test.ts', source: use('../other/other.store.ts') },
  {
    path: 'apps/server/src/features/transfer/transfer.groups.ts',
    source: use('../other/other.transfer-group.ts'),
  },
  { path: 'apps/server/src/http/thing.ts', source: use('../features/other/other.public.ts') },
  { path: 'apps/server/src/app.ts', source: use('./features/other/other.routes.ts') },
  { path: 'apps/server/src/db/seed-cli.ts', source: use('../features/other/other.service.ts') },
  { path: 'packages/runtime-client/src/thing.ts', source: use('@console/domain') },
];

interface Diagnostic {
  rule: string;
  file: string;
  message: string;
}

let layout: string;
/** Lints the fixtures in a fresh copy of the layout; answers biome's exit status and its diagnostics. */
async function lint(fixtures: Fixture[]): Promise<{ status: number | null; diagnostics: Diagnostic[] }> {
  const root = mkdtempSync(join(layout, 'case-'));
  copyFileSync(join(REPO_ROOT, 'biome.json'), join(root, 'biome.json'));
  for (const fixture of fixtures) {
    mkdirSync(dirname(join(root, fixture.path)), { recursive: true });
    writeFileSync(join(root, fixture.path), fixture.source);
  }
  const run = await runProcess(
    join(REPO_ROOT, 'node_modules/.bin/biome'),
    ['lint', '--vcs-enabled=false', '--reporter=github', '--max-diagnostics=500', '.'],
    { cwd: root },
  );
  // One line per diagnostic: ::error title=lint/<group>/<rule>,file=<path>,line=...::<message>
  const diagnostics = [...run.stdout.matchAll(/^::\w+ title=([^,]+),file=([^,]+),[^:]*::(.*)$/gm)].map(
    ([, rule, file, message]) => ({
      rule: rule!,
      file: resolve(file!).slice(resolve(root).length + 1),
      message: message!,
    }),
  );
  return { status: run.code, diagnostics };
}

describe('import boundaries (biome.json)', () => {
  beforeAll(() => {
    layout = mkdtempSync(join(tmpdir(), 'lint-boundaries-'));
  });
  afterAll(() => rmSync(layout, { recursive: true, force: true }));

  it('fail the lint on a forbidden import, naming the rule and the boundary', async () => {
    const { status, diagnostics } = await lint(FORBIDDEN);
    expect(status).not.toBe(0);
    for (const fixture of FORBIDDEN) {
      const found = diagnostics.filter(
        (diagnostic) => diagnostic.file === fixture.path && BOUNDARY_RULES.includes(diagnostic.rule),
      );
      expect(
        found.map((diagnostic) => diagnostic.rule),
        fixture.path,
      ).toEqual([fixture.refusedBy]);
    }
    const messageOf = (path: string) => diagnostics.find((diagnostic) => diagnostic.file === path)?.message;
    expect(messageOf('apps/server/src/features/thing/thing.service.ts')).toContain(
      'Only *.store.ts files and apps/server/src/db/ import Prisma',
    );
    expect(messageOf('apps/web/src/features/thing/Thing.tsx')).toContain(
      'apps/web and packages/domain import no server code',
    );
    expect(messageOf('packages/domain/src/fastify.ts')).toContain('packages/domain knows nothing of Fastify');
    expect(messageOf('packages/domain/src/abtest/jstat.ts')).toContain(
      'Only packages/domain/src/statistics/ uses the distribution library',
    );
    expect(messageOf('packages/domain/src/statistics/fastify.ts')).toContain(
      'packages/domain knows nothing of Fastify',
    );
    expect(messageOf('apps/server/src/features/thing/thing.store.ts')).toContain(
      'A feature uses another feature only through its services',
    );
    expect(messageOf('apps/server/src/http/thing-store.ts')).toContain(
      'Outside features/, the server uses a feature only through its services',
    );
    expect(messageOf('apps/server/src/features/thing/part/part.service.ts')).toContain(
      'A feature uses another feature only through its services',
    );
    expect(messageOf('apps/web/src/features/thing/NameField.tsx')).toContain(
      'Feature folders take their form fields from the kit',
    );
    expect(messageOf('apps/web/src/features/thing/Toggle.tsx')).toContain(
      'Feature folders take their form fields from the kit',
    );
    expect(messageOf('apps/server/src/db/thing.ts')).toContain('db/ is below the features');
    expect(messageOf('packages/runtime-client/src/thing.ts')).toContain('The runtime SDK');
  });

  it('pass the lint on the imports each place may make', async () => {
    const { status, diagnostics } = await lint(ALLOWED);
    expect(diagnostics).toEqual([]);
    expect(status).toBe(0);
  });
});
