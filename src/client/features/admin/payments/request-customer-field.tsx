import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { paymentRequestInput } from '@shared/contracts/billing-admin';
import { SelectField } from '@client/components/form/form-fields';
import type { SchemaForm } from '@client/components/form/use-schema-form';
import { SearchBox } from '@client/components/list/search-box';
import { subscriptionsQuery } from './billing-api';
import type { PaymentRequestValues } from './payment-request-values';

/**
 * The request's customer: a search box narrowing the customers (by company, name or email) and the
 * choice among the first 20 that match.
 */
export function RequestCustomerField({
  form,
  customerId,
}: {
  form: SchemaForm<PaymentRequestValues, typeof paymentRequestInput>;
  customerId: string;
}) {
  const [search, setSearch] = useState('');
  const matches = useQuery(
    subscriptionsQuery({ search: search || undefined, page: 1, pageSize: 20, sort: 'companyName' }),
  );
  const customerOptions = (matches.data?.items ?? []).map((c) => ({
    value: c.customerId,
    label: `${c.companyName} (${c.email})`,
  }));
  return (
    <div className="grid gap-2">
      <SearchBox
        value={search}
        onChange={setSearch}
        label="Find a customer"
        placeholder="Find by company, name or email…"
        className="sm:max-w-none"
      />
      <SelectField
        form={form}
        name="customerId"
        label="Customer"
        required
        placeholder={
          matches.isPending
            ? 'Loading customers…'
            : customerOptions.length
              ? 'Choose a customer'
              : 'No customer matches'
        }
        disabled={!customerOptions.length && !customerId}
        options={customerOptions}
      />
    </div>
  );
}
