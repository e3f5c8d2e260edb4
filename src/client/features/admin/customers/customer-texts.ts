/**
 * The customer screens' texts. Titles from spec 2 §8 are exact ('Customer Updated', 'Failed to update
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

/** The notice of a permanent deletion (spec 2 §8), naming the company. */
export const deletedNotice = (companyName: string) =>
  `${companyName} and all of its data have been permanently deleted.`;
