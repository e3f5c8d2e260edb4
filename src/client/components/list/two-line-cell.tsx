import type { ReactNode } from 'react';

/**
 * A cell's main line and a smaller muted line under it: a name and its email, an invoice and its
 * company. `mainClassName` is the main line's look (bold by default; an address breaks anywhere).
 */
export function TwoLineCell({
  main,
  detail,
  mainClassName = 'font-medium',
}: {
  main: ReactNode;
  detail: ReactNode;
  mainClassName?: string;
}) {
  return (
    <>
      <span className={mainClassName}>{main}</span>
      <span className="block text-xs text-muted-foreground">{detail}</span>
    </>
  );
}
