import { afterEach, describe, expect, it, vi } from 'vitest';
import { failedCount, printSideBySide, resultText, valueText } from './results-table.mjs';

const row = (metric, value, unit, pass, why = []) => ({
  metric,
  value,
  unit,
  budget: pass === null ? '-' : '<= 150',
  pass,
  why,
});

describe('the results table', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says why a row failed, and counts the failed budgets among the budgeted rows only', () => {
    const rows = [
      row('list: p99 latency', 40, 'ms', false, ['37 timeouts']),
      row('list: p50 latency', 12.345, 'ms', null),
      row('other: p99 latency', 90, 'ms', true),
    ];
    expect(rows.map(resultText)).toEqual(['FAIL: 37 timeouts', 'info', 'pass']);
    expect(valueText(rows[1])).toBe('12.3 ms');
    expect(failedCount(rows)).toBe('1 of 2 budgets FAILED');
    expect(failedCount(rows.slice(1))).toBe('0 of 1 budgets FAILED (every budget met)');
  });

  it('puts each database in its own columns, with "-" where a run lacks a row', () => {
    const lines = [];
    vi.spyOn(console, 'log').mockImplementation((text) => lines.push(...String(text).split('\n')));
    printSideBySide([
      {
        name: 'PGlite',
        rows: [row('list: p99 latency', 682, 'ms', false, ['over 150']), row('only on PGlite', 1, 'x', null)],
      },
      { name: 'PostgreSQL', rows: [row('list: p99 latency', 230, 'ms', true)] },
    ]);
    const cells = (line) => line.split(/\s{2,}/);
    expect(cells(lines[1])).toEqual(['metric', 'budget', 'PGlite', 'result', 'PostgreSQL', 'result']);
    expect(cells(lines[3])).toEqual([
      'list: p99 latency',
      '<= 150',
      '682 ms',
      'FAIL: over 150',
      '230 ms',
      'pass',
    ]);
    expect(cells(lines[4])).toEqual(['only on PGlite', '-', '1 x', 'info', '-', '-']);
  });
});
