import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { BillingInfo } from '@shared/contracts/portal';
import { InvoicesCard } from './billing-cards';

const card = (invoices: BillingInfo['invoices']) =>
  renderToStaticMarkup(
    createElement(InvoicesCard, {
      email: 'owner@example.com',
      billing: { invoices } as BillingInfo,
      onViewAll: () => undefined,
    }),
  );

/** The Download Latest Invoice button's own markup. */
const downloadButton = (html: string) => {
  const end = html.indexOf('Download Latest Invoice');
  return html.slice(html.lastIndexOf('<button', end), end);
};

describe('Download Latest Invoice', () => {
  it('is disabled until an invoice exists', () => {
    expect(downloadButton(card([]))).toContain('disabled=""');
  });

  it('is enabled once there is one', () => {
    const invoice = {
      id: '00000000-0000-4000-8000-000000000001',
      number: 'INV-1',
      date: '2026-01-01',
      status: 'paid',
      amount: 49,
      currency: 'usd',
      description: 'Starter',
      pdf_url: '/api/customer/invoices/1.pdf',
    } satisfies BillingInfo['invoices'][number];
    expect(downloadButton(card([invoice]))).not.toContain('disabled=""');
  });
});
