import { describe, expect, it } from 'vitest';
import { STATEMENT_MAX_ROWS } from '../../../domain/statements.js';
import { csvField, csvText } from '../../../server/kernel/platform/http/csv.js';
import { statementOf, type StatementSource } from '../../../server/kernel/platform/http/statementRoute.js';
import { translate } from '../../../server/kernel/platform/i18n/messages.js';

describe('csvField', () => {
  it('quotes separators, quotes and line breaks, and guards formulas but not numbers', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    for (const formula of ['=1+1', '+1', '-1+2', '@SUM(A1)', '\tx', '-', '-1e5', '--1']) expect(csvField(formula)).toBe(`'${formula}`);
    expect(csvField('\rx')).toBe(`"'\rx"`);
    for (const number of ['-300', '-0.000001', '12.5', '0']) expect(csvField(number)).toBe(number);
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(42)).toBe('42');
    expect(csvField({ a: 1 })).toBe('"{""a"":1}"');
  });
  it('writes a header and CRLF lines', () => {
    expect(csvText(['a', 'b'], [[1, '-2'], ['x,y', null]])).toBe('a,b\r\n1,-2\r\n"x,y",\r\n');
  });
});

describe('statementOf', () => {
  const source = (count: number): StatementSource & { asked: number[] } => {
    const asked: number[] = [];
    return {
      kind: 'test',
      header: ['n'],
      asked,
      async rows(_user, from, to, limit) {
        asked.push(from, to, limit);
        return Array.from({ length: Math.min(count, limit) }, (_, i) => [i]);
      },
    };
  };
  const now = Date.UTC(2026, 11, 1, 12);

  it('reads the last days up to now, and names the file by its first and last day', async () => {
    const s = source(3);
    const outcome = await statementOf(s, 7, 30, now);
    expect(s.asked).toEqual([now - 30 * 86_400_000, now, STATEMENT_MAX_ROWS + 1]);
    expect(outcome).toEqual({ ok: true, data: { filename: 'openex-test-2026-11-01_2026-12-01.csv', rows: 3, csv: 'n\r\n0\r\n1\r\n2\r\n' } });
  });
  it('answers a full file at the cap and refuses one row past it, translated', async () => {
    expect(await statementOf(source(STATEMENT_MAX_ROWS), 7, 7, now)).toMatchObject({ ok: true, data: { rows: STATEMENT_MAX_ROWS } });
    const refused = await statementOf(source(STATEMENT_MAX_ROWS + 5), 7, 7, now);
    expect(refused).toEqual({ ok: false, key: 'statementTooLarge', vars: { max: String(STATEMENT_MAX_ROWS) } });
    expect(translate('de_DE', 'statementTooLarge', { max: '50000' })).toContain('50000');
  });
});
