import { useState } from 'react';
import type { JobResult } from '@shared/contracts/background-jobs';
import { ColumnTable } from '@client/components/list/column-table';
import type { Column } from '@client/components/list/columns';
import { ListPager } from '@client/components/list/list-pager';

const PAGE_SIZE = 10;

const ERROR_COLUMNS: readonly Column<JobResult['errors'][number]>[] = [
  {
    key: 'row',
    label: 'Row',
    cellClassName: 'whitespace-normal break-words align-top font-medium @lg:max-w-64',
    cell: (error) => error.ref,
  },
  {
    key: 'reason',
    label: 'Reason',
    from: 'lg',
    cellClassName: 'whitespace-normal break-words align-top',
    cell: (error) => error.message,
    narrowClassName: 'whitespace-normal font-normal',
  },
];

/**
 * The rows an import refused, each with its reason (the result's `errors`). The job keeps at most
 * MAX_JOB_ERRORS_KEPT of them, all in its answer, so this pages what it holds in the browser.
 */
export function ImportErrorsTable({ result, noun }: { result: JobResult; noun: string }) {
  const [page, setPage] = useState(1);
  const rows = result.errors.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return (
    <div className="space-y-2">
      <ColumnTable
        label={`${noun} not imported`}
        columns={ERROR_COLUMNS}
        rows={rows}
        rowKey={(_, i) => `${page}-${i}`}
        rowProps={{ 'data-testid': 'import-error-row' }}
      />
      {result.errors.length > PAGE_SIZE ? (
        <ListPager
          page={page}
          pageSize={PAGE_SIZE}
          total={result.errors.length}
          onPage={setPage}
          label={`${noun} errors pages`}
          noun="errors"
        />
      ) : null}
      {result.errorCount > result.errors.length ? (
        <p className="text-xs text-muted-foreground">
          The first {result.errors.length.toLocaleString('en-US')} of{' '}
          {result.errorCount.toLocaleString('en-US')} errors are kept.
        </p>
      ) : null}
    </div>
  );
}
