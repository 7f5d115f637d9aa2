import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('CSV', () => {
  it('quotes text, doubles quotes and leaves numbers bare', () => {
    expect(
      toCsv([
        ['Product', 'Units'],
        ['Beef "Prime" Steak, 1kg', 3],
      ]),
    ).toBe('"Product","Units"\r\n"Beef ""Prime"" Steak, 1kg",3\r\n');
  });

  it('keeps a spreadsheet from running a typed name as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+256700')).toBe(`"'+256700"`);
    expect(csvCell(-5)).toBe('-5');
  });

  it('writes empty cells for missing values', () => {
    expect(toCsv([['a', null, undefined, Number.NaN]])).toBe('"a",,,\r\n');
  });
});
