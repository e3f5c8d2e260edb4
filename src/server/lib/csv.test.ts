import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvLines, unparseCsv } from './csv';

/** The one cell of a one-cell CSV, as a CSV reader (and a spreadsheet) reads it back. */
const cell = (value: unknown) => Papa.parse<string[]>(unparseCsv([[value]])).data[0]![0];

describe('formula cells', () => {
  it('prefixes cells a spreadsheet would run as a formula', () => {
    expect(cell('=HYPERLINK("http://evil.test","x")')).toBe(`'=HYPERLINK("http://evil.test","x")`);
    expect(cell('+1+1')).toBe(`'+1+1`);
    expect(cell('-2+3')).toBe(`'-2+3`);
    expect(cell('@SUM(A1:A2)')).toBe(`'@SUM(A1:A2)`);
    expect(cell('\t=1')).toBe(`'\t=1`);
    expect(cell('\r=1')).toBe(`'\r=1`);
  });

  it('prefixes a formula followed by more lines (papaparse’s default pattern stops at a line break)', () => {
    expect(cell('=1+1\nsecond line')).toBe(`'=1+1\nsecond line`);
  });

  it('prefixes a negative number too: it is written as text', () => {
    expect(cell(-12.5)).toBe(`'-12.5`);
  });

  it('leaves other cells alone', () => {
    expect(cell('Acme Trucks')).toBe('Acme Trucks');
    expect(cell(' =1')).toBe(' =1');
    expect(cell('a=b')).toBe('a=b');
    expect(cell(42)).toBe('42');
    expect(cell(0)).toBe('0');
    expect(cell(false)).toBe('false');
  });

  it('writes a missing value as an empty cell', () => {
    expect(unparseCsv([[null, undefined, 'x']])).toBe(',,x');
  });

  it('writes the fields as the header row, then the rows', () => {
    expect(unparseCsv([['1', '=2']], ['a', 'b'])).toBe(`a,b\r\n1,"'=2"`);
  });
});

describe('csvLines', () => {
  it('ends every piece with CRLF, so pieces join into one file', () => {
    const file =
      csvLines([['ID', 'Name']]) +
      csvLines([
        ['1', 'Ann'],
        ['2', 'Bo'],
      ]);
    expect(file).toBe('ID,Name\r\n1,Ann\r\n2,Bo\r\n');
  });

  it('quotes commas, quotes, line breaks and escaped formulas, and they read back as written', () => {
    const rows = [['a,b', 'say "hi"', 'two\nlines', '=1+1']];
    const text = csvLines(rows);
    expect(text).toBe('"a,b","say ""hi""","two\nlines","\'=1+1"\r\n');
    expect(Papa.parse<string[]>(text.trimEnd()).data).toEqual([['a,b', 'say "hi"', 'two\nlines', "'=1+1"]]);
  });
});
