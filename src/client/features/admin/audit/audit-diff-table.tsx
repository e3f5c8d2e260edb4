import { shown, type DiffLine } from './audit-format';

/** An entry's old and new values side by side, the changed ones tinted and named for screen readers. */
export function AuditDiffTable({ lines }: { lines: readonly DiffLine[] }) {
  return (
    <div className="max-h-80 overflow-auto rounded-md border">
      <table className="w-full text-sm" data-testid="audit-diff">
        <caption className="sr-only">Old and new values</caption>
        <thead className="bg-muted/50 text-left">
          <tr>
            <th scope="col" className="p-2 font-medium">
              Field
            </th>
            <th scope="col" className="p-2 font-medium">
              Old
            </th>
            <th scope="col" className="p-2 font-medium">
              New
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.key} className="border-t align-top" data-changed={line.changed || undefined}>
              <th scope="row" className="p-2 text-left font-mono text-xs font-normal">
                {line.key}
              </th>
              <td
                className={
                  line.changed
                    ? 'bg-destructive/10 p-2 font-mono text-xs break-all'
                    : 'p-2 font-mono text-xs break-all'
                }
              >
                {line.changed && line.before !== undefined ? (
                  <span className="sr-only">Removed: </span>
                ) : null}
                {shown(line.before)}
              </td>
              <td
                className={
                  line.changed
                    ? 'bg-success/10 p-2 font-mono text-xs break-all'
                    : 'p-2 font-mono text-xs break-all'
                }
              >
                {line.changed && line.after !== undefined ? <span className="sr-only">Added: </span> : null}
                {shown(line.after)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
