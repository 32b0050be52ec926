import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { WorldEventStatus } from '@console/domain/enums';
import type { PlayerReceipt } from '@console/domain/runtime';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/settings.ts';
import { runProcess } from '../src/testing/index.ts';
import { createTestApp } from './helpers.ts';

// docs/game-servers.md gives the publishing order from an empty environment to a served configuration as
// a script; this runs that very block, as the guide's reader would, against a real console over HTTP.
// The steps live only in the guide, so it cannot drift from what the console does.

const GUIDE = join(REPO_ROOT, 'docs', 'game-servers.md');
const MARKER =
  '<!-- publish-order script: the block below is run by apps/server/test/game-servers-doc.test.ts -->';

/** The fenced `sh` block right after the marker (exactly one). */
function publishOrderScriptOf(guide: string): string {
  const [, after, ...more] = guide.split(MARKER);
  if (after === undefined || more.length > 0) throw new Error('the guide must hold the marker exactly once');
  const block = /^\n```sh\n([\s\S]*?)\n```\n/.exec(after);
  if (!block?.[1]) throw new Error('the marker must be followed by a fenced sh block');
  return block[1];
}

describe('docs/game-servers.md: from an empty environment to a served configuration', () => {
  it('runs the guide’s script against a real console: the player is served the configuration', async () => {
    const script = publishOrderScriptOf(await readFile(GUIDE, 'utf8'));
    const t = await createTestApp();
    const consoleUrl = await t.url();
    const cookie = await t.login();
    // The environment starts empty: no plugin serves anything.
    const before = (await t.post('/api/plugin/get?configuration=stable', { pluginId: 11 }, cookie)).json();
    expect(before.payload.data).toMatchObject({ active: [], draft: [] });

    // A cap against a hang only; the script waits for the publication itself.
    const { code, stdout, stderr } = await runProcess('bash', ['-c', script], {
      env: { ...process.env, CONSOLE: consoleUrl, ENVIRONMENT: 'stable' },
      timeoutMs: 120_000,
    });
    expect(code, stderr).toBe(0);
    const lines = stdout.trim().split('\n');
    const served = JSON.parse(lines.at(-1)!) as PlayerReceipt['plugins'][number];
    expect(served).toMatchObject({
      pluginName: 'GOLD_RUSH',
      outcome: 'configuration',
      status: WorldEventStatus.Running,
      abTestId: 'gold-launch',
      caseIndex: 0,
      configuration: { id: 'gold-weekend', kind: 'event/gr' },
    });

    // What the script did, read back: the draft's activation activated the version it left inactive.
    const abTest = (
      await t.post('/api/abtest/get?configuration=stable', { id: 'gold-launch' }, cookie)
    ).json();
    expect(abTest.payload).toMatchObject({ active: true, data: { version: 0 } });
  }, 180_000);

  it('finds the block only after its marker', () => {
    expect(publishOrderScriptOf(`${MARKER}\n\`\`\`sh\necho served\n\`\`\`\n`)).toBe('echo served');
    expect(() => publishOrderScriptOf('```sh\necho served\n```\n')).toThrow('exactly once');
    expect(() => publishOrderScriptOf(`${MARKER}\ntext\n`)).toThrow('fenced sh block');
  });
});
