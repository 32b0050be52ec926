import { describe, expect, it } from 'vitest';
import { AUDIT_CSV_HEADER, toAuditCsvLine, toCsvField } from './audit-search.ts';

describe('the audit export as CSV', () => {
  it('quotes fields holding commas, quotes or line breaks, doubling the quotes', () => {
    expect(toCsvField('plain')).toBe('plain');
    expect(toCsvField('a,b')).toBe('"a,b"');
    expect(toCsvField('say "hi"')).toBe('"say ""hi"""');
    expect(toCsvField('two\nlines')).toBe('"two\nlines"');
  });

  it('keeps a text a spreadsheet would run as a formula a text', () => {
    expect(toCsvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(toCsvField('+1')).toBe("'+1");
    expect(toCsvField('@me')).toBe("'@me");
  });

  it('writes one line per entry in the header order, created in ISO 8601 UTC and attributes as JSON', () => {
    expect(AUDIT_CSV_HEADER).toBe('id,environment,action,target,email,created,attributes\r\n');
    const line = toAuditCsvLine({
      id: 7,
      environment: null,
      action: 'user.role.set',
      target: 'a@example.com',
      email: 'admin@example.com',
      created: Date.UTC(2026, 11, 3, 12, 0, 0, 5),
      attributes: { role: 'admin', scope: 'console' },
    });
    expect(line).toBe(
      '7,,user.role.set,a@example.com,admin@example.com,2026-12-03T12:00:00.005Z,"{""role"":""admin"",""scope"":""console""}"\r\n',
    );
  });
});
