import { describe, expect, it } from 'vitest';
import { createRuntimeKeyRequestSchema } from './runtime-keys.ts';

const nameSchema = createRuntimeKeyRequestSchema.shape.name;

describe('runtime key names', () => {
  it('are words of letters, digits, - and _ separated by single spaces, trimmed', () => {
    for (const name of ['game servers', 'eu-1', 'bench_game servers', 'K']) {
      expect(nameSchema.parse(name)).toBe(name);
    }
    expect(nameSchema.parse('  stable  ')).toBe('stable');
  });

  it('refuse markup, paths and other text, naming the field', () => {
    for (const name of ['<b>key</b>', '../../etc/passwd', 'a/b', 'C:\\keys', 'a  b', 'v1.2', 'clé', 'a\tb']) {
      expect(nameSchema.safeParse(name).error?.issues[0]?.message, name).toBe(
        'name may contain only letters, digits, - and _, in words separated by single spaces',
      );
    }
  });
});
