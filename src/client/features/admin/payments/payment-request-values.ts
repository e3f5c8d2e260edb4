import { PAYMENT_REQUEST_TYPES, type PaymentRequestType } from '@shared/contracts/billing-admin';

/** What the boxes hold: the amount stays text until submit. */
export type PaymentRequestValues = {
  customerId: string;
  amount: string;
  description: string;
  dueDate: string;
  type: PaymentRequestType;
};

export const EMPTY_REQUEST: PaymentRequestValues = {
  customerId: '',
  amount: '',
  description: '',
  dueDate: '',
  type: 'invoice',
};

export const TYPE_OPTIONS = PAYMENT_REQUEST_TYPES.map((t) => ({
  value: t,
  label: t === 'invoice' ? 'Invoice' : 'Subscription',
}));

/** The form's boxes as the request: the amount as a number, an empty due date left to the terms. */
export const toInput = (v: PaymentRequestValues) => ({
  customerId: v.customerId,
  amount: v.amount.trim() === '' ? undefined : Number(v.amount),
  description: v.description,
  dueDate: v.dueDate || undefined,
  type: v.type,
});
