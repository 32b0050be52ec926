import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_ACTIONS, checkAuditEvent } from '@console/domain/audit';
import { describe, expect, it } from 'vitest';

const FEATURES_DIR = join(import.meta.dirname, '..');
const ACTION = /^[a-z][a-z-]*(?:\.[a-z][a-z-]*)+$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * The action texts a service file writes: the literals of an `action:` property (also both sides
 * of a ternary) and the action argument of an audit helper such as abTestAudit(key, email, 'x', ...).
 */
function writtenActions(source: string): string[] {
  const found: string[] = [];
  const literals = (text: string) => [...text.matchAll(/'([^'\n]*)'/g)].map((match) => match[1] as string);
  for (const match of source.matchAll(/\baction:\s*([^,\n}]+)/g)) found.push(...literals(match[1] ?? ''));
  for (const match of source.matchAll(/\w*Audit\(([^)]*)/g)) found.push(...literals(match[1] ?? ''));
  return found.filter((text) => ACTION.test(text));
}

describe('typed audit events', () => {
  it('lists exactly the actions the services write', () => {
    const written = new Set(
      sourceFiles(FEATURES_DIR).flatMap((file) => writtenActions(readFileSync(file, 'utf8'))),
    );
    expect([...written].sort()).toEqual([...AUDIT_ACTIONS].sort());
  });

  it('checks written attributes against the union', () => {
    expect(checkAuditEvent('environment.create', { description: 'QA' })).toBeNull();
    expect(checkAuditEvent('nice.set', { authToken: '[redacted]', changed: true })).toBeNull();
    expect(checkAuditEvent('environment.create', { description: 'QA', token: 'x' })).toMatch(
      /^environment\.create: /,
    );
    expect(checkAuditEvent('plugin.activate', { pluginId: 'DUEL', active: true })).toMatch(
      /^plugin\.activate: /,
    );
    expect(checkAuditEvent('test.action', {})).toBe('unknown audit action test.action');
  });
});
