import { describe, expect, it } from 'vitest';
import { auditEntriesToCsv } from './audit.csv.ts';

const entry = (overrides: object = {}) => ({
  id: 7,
  environment: 'dev',
  action: 'plugin.activate',
  target: 'DUEL',
  email: 'op@example.com',
  created: Date.UTC(2026, 10, 23, 8, 5, 9),
  attributes: {},
  ...overrides,
});

describe('audit CSV', () => {
  it('has a header and one CRLF line per entry, dates in UTC, Extra blank when empty', () => {
    expect(auditEntriesToCsv([entry()])).toBe(
      'ID,Action,Target,E-mail,Date (UTC),Extra\r\n' +
        '7,plugin.activate,DUEL,op@example.com,2026-11-23T08:05:09.000Z,\r\n',
    );
  });

  it('quotes cells holding commas, quotes or line breaks', () => {
    const csv = auditEntriesToCsv([entry({ target: 'a,b', attributes: { note: 'say "hi"\nbye' } })]);
    expect(csv.split('\r\n')[1]).toBe(
      '7,plugin.activate,"a,b",op@example.com,2026-11-23T08:05:09.000Z,"{""note"":""say \\""hi\\""\\nbye""}"',
    );
  });

  it('keeps a spreadsheet from reading a cell as a formula', () => {
    const csv = auditEntriesToCsv([entry({ target: '=HYPERLINK("x")' })]);
    expect(csv.split('\r\n')[1]?.split(',')[2]).toBe('"\'=HYPERLINK(""x"")"');
  });

  it('is only the header when nothing is shown', () => {
    expect(auditEntriesToCsv([])).toBe('ID,Action,Target,E-mail,Date (UTC),Extra\r\n');
  });
});
