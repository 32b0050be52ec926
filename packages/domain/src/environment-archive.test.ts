import { describe, expect, it } from 'vitest';
import { archiveRefusal, isServedByKeysRefusal, servedByKeysMessage } from './environment-archive.ts';

const candidate = { id: 'qa', isProtected: false, isArchived: false, servingKeyCount: 0 };

describe('archiving an environment', () => {
  it('allows one in use, unprotected, not the default, without serving keys', () => {
    expect(archiveRefusal(candidate, false)).toBeNull();
  });

  it('refuses protected ones, the default one and an archived one, confirmed or not', () => {
    for (const confirmed of [false, true]) {
      expect(archiveRefusal({ ...candidate, id: 'prod', isProtected: true }, confirmed)).toBe(
        'Environment prod is protected and cannot be archived',
      );
      expect(archiveRefusal({ ...candidate, id: 'dev' }, confirmed)).toBe(
        'Environment dev is the default environment and cannot be archived',
      );
      expect(archiveRefusal({ ...candidate, isArchived: true }, confirmed)).toBe(
        'Environment qa is already archived',
      );
    }
  });

  it('asks for confirmation when runtime keys serve it, in words the web recognises', () => {
    const refusal = archiveRefusal({ ...candidate, servingKeyCount: 2 }, false);
    expect(refusal).toBe('2 runtime keys serve environment qa: archiving stops them; confirm to archive');
    expect(isServedByKeysRefusal(refusal ?? '')).toBe(true);
    expect(servedByKeysMessage('qa', 1)).toMatch(/^1 runtime key serves /);
    expect(isServedByKeysRefusal('Environment qa is already archived')).toBe(false);
    expect(archiveRefusal({ ...candidate, servingKeyCount: 2 }, true)).toBeNull();
  });
});
