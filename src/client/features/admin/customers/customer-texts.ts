/**
 * The customer screens' texts. Titles are the product's, exact ('Customer Updated', 'Failed to update
 * customer', 'Failed to create customer', 'Error' with 'Failed to delete customer', the delete
 * confirmation); the rest are worded like them.
 */
export const CUSTOMER_TEXTS = {
  created: 'Customer Created',
  updated: 'Customer Updated',
  suspended: 'Customer Suspended',
  reactivated: 'Customer Reactivated',
  deleted: 'Customer Deleted',
  createFailed: 'Failed to create customer',
  updateFailed: 'Failed to update customer',
  planChangeFailed: 'The plan could not be changed',
  deleteFailedTitle: 'Error',
  deleteFailed: 'Failed to delete customer',
  deleteConfirm:
    'Are you sure you want to permanently delete the company? This action cannot be undone and will remove all customer data, fleet information, and activity logs.',
  deleting: 'Deleting...',
  passwordSet: 'Password Set by Customer',
  temporaryPassword: 'Using Temporary Password',
  passwordSent: 'Password Sent',
  /** Send again when the email waits in the outbox (no mail transport) or was refused. */
  passwordNotDelivered: 'Password not delivered yet',
  passwordSendFailed: 'Failed to send the password',
  unknownDate: 'unknown date',
} as const;

/** The notice of a permanent deletion, naming the company. */
export const deletedNotice = (companyName: string) =>
  `${companyName} and all of its data have been permanently deleted.`;

/**
 * What the status picked in Edit Customer will do (docs/staff-customers.md "Statuses"): the server
 * makes it true through billing, so the dialog says what that means before it is saved.
 */
export function statusMeaningText(
  status: string,
  customer: { status: string; accessEndsAt: string | null } | null,
  formatDate: (iso: string) => string,
): string {
  const ends = customer?.accessEndsAt ? formatDate(customer.accessEndsAt) : null;
  switch (status) {
    case 'cancelled':
      return ends
        ? `Renewal has stopped; access ends on ${ends}.`
        : 'Stops renewal: access ends at the end of the paid period (at once when nothing is paid).';
    case 'active':
      return customer?.status === 'cancelled' && ends
        ? `Takes the cancellation back: the subscription renews on ${ends}.`
        : 'Trial or paid subscription, renewing.';
    case 'suspended':
      return 'Blocks sign-in and API use at once; billing carries on.';
    default:
      return 'Awaiting the first payment at checkout.';
  }
}
