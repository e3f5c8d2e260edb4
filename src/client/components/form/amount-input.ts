/**
 * A dollar amount's box (an expense, a payment request): required, typed as a decimal number, from one
 * cent in steps of a cent. Spread on a `TextField` after its name and label.
 */
export const AMOUNT_INPUT = {
  required: true,
  type: 'number',
  inputMode: 'decimal',
  min: 0.01,
  step: 0.01,
} as const;
