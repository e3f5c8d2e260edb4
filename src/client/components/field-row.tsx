import type { ReactNode } from 'react';

const COLUMNS = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3' } as const;

/**
 * Form fields side by side from small screens up (first and last name, city and state), stacked on
 * phones. Tops align, so a field with a hint or an error does not push its neighbour down.
 */
export function FieldRow({ columns = 2, children }: { columns?: keyof typeof COLUMNS; children: ReactNode }) {
  return <div className={`grid items-start gap-4 ${COLUMNS[columns]}`}>{children}</div>;
}
