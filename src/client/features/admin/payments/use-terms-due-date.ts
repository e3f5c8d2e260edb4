import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PAYMENT_TERMS_DAYS, type paymentRequestInput } from '@shared/contracts/billing-admin';
import type { SchemaForm } from '@client/components/form/use-schema-form';
import { billingSettingsQuery } from './billing-api';
import { dayFromToday } from './billing-format';
import type { PaymentRequestValues } from './payment-request-values';

/**
 * The payment terms (30 days until they are known), and the due date they give from today, set in the
 * form unless its box was edited. Returns the terms' query, whose answer the due date's hint names.
 */
export function useTermsDueDate(form: SchemaForm<PaymentRequestValues, typeof paymentRequestInput>) {
  const terms = useQuery(billingSettingsQuery);
  const termsDays = terms.data ? PAYMENT_TERMS_DAYS[terms.data.paymentTerms] : 30;
  // The terms' date, once they are known, unless the box was edited.
  const dueDirty = !!form.formState.dirtyFields.dueDate;
  useEffect(() => {
    if (!dueDirty) form.setValue('dueDate', dayFromToday(termsDays));
  }, [termsDays, dueDirty, form]);
  return terms;
}
