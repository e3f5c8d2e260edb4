import { useQuery } from '@tanstack/react-query';
import type { StaffCustomerDetail } from '@shared/contracts/staff-customers';
import { SelectField } from '@client/components/form/form-fields';
import { salesUsersQuery } from '@client/lib/sales-users';
import { salesRepOptions, type CustomerFormApi } from './customer-form-values';

/**
 * The customer's sales representative (issue 11): the sales user whose commissions the customer's
 * payments earn, or None. A new customer may leave it unset: the server then assigns the sales user who
 * adds it (nobody when other staff do). A representative who is no longer a sales user stays a choice.
 */
export function CustomerSalesRepField({
  form,
  customer,
}: {
  form: CustomerFormApi;
  /** The customer being edited; none for a new one. */
  customer: StaffCustomerDetail | null;
}) {
  const salesUsers = useQuery(salesUsersQuery);
  const options = salesRepOptions(salesUsers.data ?? [], customer);
  return (
    <SelectField
      form={form}
      name="salesUserId"
      label="Sales representative"
      options={options}
      placeholder={salesUsers.isPending ? 'Loading sales representatives…' : customer ? 'None' : 'Automatic'}
      disabled={salesUsers.isPending}
      description={
        salesUsers.isError
          ? 'The sales representatives could not be loaded; None and the current one can still be chosen.'
          : customer
            ? "Earns the commissions on this customer's payments."
            : "Earns the commissions on this customer's payments. Automatic: the sales representative who adds the customer, or None."
      }
    />
  );
}
