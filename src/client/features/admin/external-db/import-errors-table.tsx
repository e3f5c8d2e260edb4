import { useState } from 'react';
import type { JobResult } from '@shared/contracts/background-jobs';
import { ListCell, ListHead, NarrowDetails, NarrowItem } from '@client/components/list/columns';
import { ListPager } from '@client/components/list/list-pager';
import { ListTable } from '@client/components/list/list-table';
import { TableRow } from '@client/components/ui/table';

const PAGE_SIZE = 10;

/**
 * The rows an import refused, each with its reason (the result's `errors`). The job keeps at most
 * MAX_JOB_ERRORS_KEPT of them, all in its answer, so this pages what it holds in the browser.
 */
export function ImportErrorsTable({ result, noun }: { result: JobResult; noun: string }) {
  const [page, setPage] = useState(1);
  const rows = result.errors.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return (
    <div className="space-y-2">
      <ListTable
        label={`${noun} not imported`}
        actions={false}
        head={
          <>
            <ListHead>Row</ListHead>
            <ListHead from="lg">Reason</ListHead>
          </>
        }
      >
        {rows.map((error, i) => (
          <TableRow key={`${page}-${i}`} data-testid="import-error-row">
            <ListCell className="whitespace-normal break-words align-top font-medium @lg:max-w-64">
              {error.ref}
              <NarrowDetails until="lg">
                <NarrowItem until="lg" className="whitespace-normal font-normal">
                  {error.message}
                </NarrowItem>
              </NarrowDetails>
            </ListCell>
            <ListCell from="lg" className="whitespace-normal break-words align-top">
              {error.message}
            </ListCell>
          </TableRow>
        ))}
      </ListTable>
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
