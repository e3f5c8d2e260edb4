import { ClockIcon, MailIcon, MessageCircleIcon, PhoneIcon, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import type { PublicContact } from '@shared/contracts/contact';
import { isCustomerSignedIn, usePublicContact } from './api';
import { LandingSection } from './section-heading';
import { useLazyDialog } from './use-lazy-dialog';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';
const SUPPORT_FORM = '/customer-dashboard?tab=support&new=1';
const SIGN_IN_FOR_SUPPORT = `/customer-login?next=${encodeURIComponent(SUPPORT_FORM)}`;

// The message form brings react-hook-form, zod and Radix Dialog: loaded on first open, never up front.
const loadVisitorMessageDialog = () => import('./visitor-message-dialog');
const VisitorMessageDialog = lazy(loadVisitorMessageDialog);

/**
 * A customer may write from the portal's Support tab instead (their ticket then belongs to the
 * account): signed in, straight to the form; otherwise sign in first and land on it.
 */
function PortalSupportLink() {
  const [, navigate] = useLocation();
  return (
    <Link
      className={linkClass}
      href={SIGN_IN_FOR_SUPPORT}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        void isCustomerSignedIn(new AbortController().signal).then((signedIn) =>
          navigate(signedIn ? SUPPORT_FORM : SIGN_IN_FOR_SUPPORT),
        );
      }}
    >
      Customer? Open a ticket in your portal
    </Link>
  );
}

/** Grid columns for the channels shown (a phone or email that staff have not published is left out). */
const COLUMNS = {
  1: 'sm:grid-cols-1 sm:max-w-md sm:mx-auto',
  2: 'sm:grid-cols-2',
  3: 'sm:grid-cols-3',
} as const;

type Channel = { icon: LucideIcon; title: string; detail: ReactNode; note: ReactNode };

/** The ways to reach staff: the phone and email they published, and the message form (always). */
function contactChannels(contact: PublicContact | null, onMessage: () => void): Channel[] {
  const hours = contact?.hours;
  const channels: Channel[] = [];
  if (contact?.phone) {
    channels.push({
      icon: PhoneIcon,
      title: 'Phone',
      detail: (
        <a className={linkClass} href={`tel:${contact.phone.replace(/[^+0-9]/g, '')}`}>
          {contact.phone}
        </a>
      ),
      note: hours,
    });
  }
  if (contact?.email) {
    channels.push({
      icon: MailIcon,
      title: 'Email',
      detail: (
        <a className={linkClass} href={`mailto:${contact.email}`}>
          {contact.email}
        </a>
      ),
      note: 'We reply within 24 hours',
    });
  }
  channels.push({
    icon: MessageCircleIcon,
    title: 'Live Chat',
    detail: (
      <>
        <button
          type="button"
          className={`${linkClass} cursor-pointer`}
          onPointerEnter={loadVisitorMessageDialog}
          onFocus={loadVisitorMessageDialog}
          onClick={onMessage}
        >
          Message our support team
        </button>
        <span className="mt-1 block text-xs text-muted-foreground">No account needed.</span>
        <span className="mt-1 block text-xs">
          <PortalSupportLink />
        </span>
      </>
    ),
    note: hours ? `Answered ${hours}, by email` : 'Answered by email',
  });
  return channels;
}

/**
 * The contact section (docs/support.md "Visitors"): the phone, email and hours staff publish in System Settings
 * (`GET /api/contact`; nothing is invented where they set none), and a message form anyone can send
 * without an account, which reaches staff in the Support Center as a ticket.
 */
export function Contact() {
  const contact = usePublicContact();
  const message = useLazyDialog();
  const channels = contactChannels(contact, message.show);
  return (
    <LandingSection
      name="contact-title"
      anchor="contact"
      heading={{
        eyebrow: 'Contact',
        title: 'Talk to our team',
        text: 'Questions about plans, onboarding or your account? We are happy to help.',
      }}
      after={
        message.mounted ? (
          <Suspense fallback={null}>
            <VisitorMessageDialog open={message.open} onOpenChange={message.setOpen} />
          </Suspense>
        ) : null
      }
    >
      <ul className={`grid gap-6 ${COLUMNS[channels.length as 1 | 2 | 3]}`}>
        {channels.map(({ icon: Icon, title, detail, note }) => (
          <li key={title} className="rounded-xl border bg-card p-6 text-center shadow-sm">
            <span className="mx-auto flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <h3 className="mt-4 font-semibold">{title}</h3>
            <div className="mt-2 text-sm break-words">{detail}</div>
            {note ? (
              <p className="mt-2 flex items-center justify-center gap-1.5 text-xs text-muted-foreground">
                <ClockIcon className="size-3.5" aria-hidden="true" />
                {note}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
