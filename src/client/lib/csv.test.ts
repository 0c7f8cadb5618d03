import { describe, expect, it } from 'vitest';
import { csvCell, fileDate, toCsv } from './csv.ts';

describe('csv', () => {
  it('quotes cells with quotes, commas, line breaks or edge spaces', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded')).toBe('" padded"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('escapes text a spreadsheet would run as a formula, but not numbers', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('+1 555')).toBe("'+1 555");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('writes a header and CRLF-terminated rows', () => {
    expect(
      toCsv(
        ['A', 'B'],
        [
          ['x', 1],
          [null, 'y,z'],
        ],
      ),
    ).toBe('A,B\r\nx,1\r\n,"y,z"\r\n');
  });

  it('names files by the local calendar day', () => {
    expect(fileDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
