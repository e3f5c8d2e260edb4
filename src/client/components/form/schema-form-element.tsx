import type { BaseSyntheticEvent, ReactNode } from 'react';

/**
 * The `<form>` of a `useSchemaForm` form: the browser's own validation off (the schema's messages show
 * under the fields instead), submitted through `form.submit`'s handler, named for assistive technology.
 */
export function SchemaFormElement({
  onSubmit,
  className = 'grid gap-4',
  children,
  ...name
}: {
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  className?: string;
  children: ReactNode;
} & ({ 'aria-label': string } | { 'aria-labelledby': string })) {
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className={className} {...name}>
      {children}
    </form>
  );
}
