import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvLines, safeCell } from './csv';

describe('safeCell', () => {
  it('prefixes cells a spreadsheet would run as a formula', () => {
    expect(safeCell('=HYPERLINK("http://evil.test","x")')).toBe(`'=HYPERLINK("http://evil.test","x")`);
    expect(safeCell('+1+1')).toBe(`'+1+1`);
    expect(safeCell('-2+3')).toBe(`'-2+3`);
    expect(safeCell('@SUM(A1:A2)')).toBe(`'@SUM(A1:A2)`);
    expect(safeCell('\t=1')).toBe(`'\t=1`);
    expect(safeCell('\r=1')).toBe(`'\r=1`);
  });

  it('prefixes a negative number too: it is written as text', () => {
    expect(safeCell(-12.5)).toBe(`'-12.5`);
  });

  it('leaves other cells alone', () => {
    expect(safeCell('Acme Trucks')).toBe('Acme Trucks');
    expect(safeCell(' =1')).toBe(' =1');
    expect(safeCell('a=b')).toBe('a=b');
    expect(safeCell(42)).toBe('42');
    expect(safeCell(0)).toBe('0');
    expect(safeCell(false)).toBe('false');
  });

  it('writes a missing value as an empty cell', () => {
    expect(safeCell(null)).toBe('');
    expect(safeCell(undefined)).toBe('');
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

  it('quotes commas, quotes and line breaks, and they read back as written', () => {
    const rows = [['a,b', 'say "hi"', 'two\nlines', safeCell('=1+1')]];
    const text = csvLines(rows);
    expect(text).toBe('"a,b","say ""hi""","two\nlines",\'=1+1\r\n');
    expect(Papa.parse<string[]>(text.trimEnd()).data).toEqual(rows);
  });
});
