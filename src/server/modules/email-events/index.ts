// The email-events module's public face: what other modules may use (docs/architecture.md).
export {
  type Account,
  queueNewSignInIfUnseen,
  queuePasswordChanged,
  queueSuspended,
  queueWelcome,
} from './events';
export {
  customerPerson,
  customerRecipient,
  emailLinks,
  emailMoment,
  type Mailer,
  type Person,
  personData,
  personTo,
  silentMailer,
  staffPerson,
} from './mailer';
export { queuePaymentEmail, queuePaymentLinkEmail } from './events';
