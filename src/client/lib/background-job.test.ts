import { describe, expect, it } from 'vitest';
import { jobResultText } from './background-job';

describe('jobResultText', () => {
  it("says 'Synced N records. M errors.' with each count's own singular", () => {
    expect(jobResultText({ synced: 24, errorCount: 1, errors: [] })).toBe('Synced 24 records. 1 error.');
    expect(jobResultText({ synced: 1, errorCount: 0, errors: [] })).toBe('Synced 1 record. 0 errors.');
    expect(jobResultText({ synced: 12_000, errorCount: 2, errors: [] })).toBe(
      'Synced 12,000 records. 2 errors.',
    );
  });

  it('reads a job without a result as nothing done', () => {
    expect(jobResultText(null)).toBe('Synced 0 records. 0 errors.');
  });
});
