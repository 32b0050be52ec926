import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../settings.ts';

const SERVER_SOURCES = join(REPO_ROOT, 'apps/server/src');
const THE_ONE_PLACE = 'db/transaction.ts';

describe('transactions', () => {
  it('are opened only by runInTransaction in db/transaction.ts (tests may open their own)', () => {
    const files = readdirSync(SERVER_SOURCES, { recursive: true, encoding: 'utf8' }).filter(
      (path) => path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.startsWith('generated'),
    );
    const opening = files.filter((path) =>
      /\.\$transaction\s*\(/.test(readFileSync(join(SERVER_SOURCES, path), 'utf8')),
    );
    expect(files.length).toBeGreaterThan(50);
    expect(opening).toEqual([THE_ONE_PLACE]);
  });
});
