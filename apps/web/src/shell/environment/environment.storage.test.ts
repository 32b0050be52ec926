import { describe, expect, it } from 'vitest';
import {
  ACTIVE_ENVIRONMENT_KEY,
  readActiveEnvironment,
  writeActiveEnvironment,
} from './environment.storage.ts';

describe('stored active environment', () => {
  it('defaults to dev', () => {
    expect(readActiveEnvironment()).toEqual({ isReadable: true, id: 'dev' });
  });

  it('round-trips through configuration.active', () => {
    expect(writeActiveEnvironment('stable')).toBe(true);
    expect(window.localStorage.getItem(ACTIVE_ENVIRONMENT_KEY)).toBe('"stable"');
    expect(readActiveEnvironment()).toEqual({ isReadable: true, id: 'stable' });
  });

  it.each(['not json', '42', '""', 'null', '{"id":"dev"}'])(
    'clears all local storage when it holds %s',
    (raw) => {
      window.localStorage.setItem(ACTIVE_ENVIRONMENT_KEY, raw);
      window.localStorage.setItem('something.else', '1');
      expect(readActiveEnvironment()).toEqual({ isReadable: false, id: 'dev' });
      expect(window.localStorage.length).toBe(0);
    },
  );

  it('treats storage the browser refuses to read as unreadable', () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      clear: () => undefined,
    } as unknown as Storage;
    expect(readActiveEnvironment(refusing)).toEqual({ isReadable: false, id: 'dev' });
  });
});
