import type { DateFormat } from '../../../../shared/contracts/system-settings';
import type { invoices } from '../../../db/schema';
import { invoiceDay } from '../../../lib/day-text';
import { usd } from '../../../lib/money-text';

type InvoiceRow = typeof invoices.$inferSelect;

/** Who issues the invoice, as the System Settings' General tab says (docs/system-settings.md). */
export type InvoiceSeller = { appName: string; dateFormat: DateFormat; timezone: string };

/** A one-page PDF invoice, drawn with pdfkit's built-in fonts (no font files to ship). */
export async function renderInvoicePdf(invoice: InvoiceRow, seller: InvoiceSeller): Promise<Buffer> {
  const day = (date: Date | null) => invoiceDay(date, seller);
  // Loaded on the first invoice, not at start: pdfkit is one of the heaviest modules we use.
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: 56,
      info: { Title: `Invoice ${invoice.number}`, Author: seller.appName },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const left = doc.page.margins.left;
    const right = doc.page.width - doc.page.margins.right;
    const page: Page = { doc, left, right, width: right - left, day };
    drawHeading(page, invoice, seller);
    drawBillTo(page, invoice);
    drawLinesAndTotal(page, invoice);
    doc.end();
  });
}

/** The page being drawn: the document, its text column, and the company's way of writing a day. */
type Page = {
  doc: PDFKit.PDFDocument;
  left: number;
  right: number;
  width: number;
  day: (date: Date | null) => string;
};

/** The seller on the left; on the right the invoice's number, dates and status. */
function drawHeading({ doc, left, width, day }: Page, invoice: InvoiceRow, seller: InvoiceSeller): void {
  doc.font('Helvetica-Bold').fontSize(22).fillColor('#0f172a').text(seller.appName, left, 56);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#475569')
    .text('Fleet management, billed monthly in USD', left);
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor('#0f172a')
    .text('INVOICE', left, 56, { width, align: 'right' });
  doc.font('Helvetica').fontSize(10).fillColor('#334155');
  doc.text(invoice.number, left, 80, { width, align: 'right' });
  doc.text(`Issued ${day(invoice.issuedAt)}`, { width, align: 'right' });
  doc.text(`Status: ${invoice.status.toUpperCase()}`, { width, align: 'right' });
  if (invoice.paidAt) doc.text(`Paid ${day(invoice.paidAt)}`, { width, align: 'right' });
  // The payment terms in force when it was issued (docs/billing-admin.md).
  else if (invoice.status === 'open' && invoice.dueAt)
    doc.text(`Due ${day(invoice.dueAt)}`, { width, align: 'right' });
}

/** Whom it is billed to on the left; the service period, if any, on the right. */
function drawBillTo({ doc, left, width, day }: Page, invoice: InvoiceRow): void {
  doc.moveDown(2);
  const billTo = doc.y;
  doc.font('Helvetica-Bold').fillColor('#0f172a').text('Bill to', left, billTo);
  doc.font('Helvetica').fillColor('#334155').text(invoice.billingName).text(invoice.billingEmail);
  const a = invoice.billingAddress;
  if (a) doc.text(a.street).text(`${a.city}, ${a.state} ${a.zipCode}`).text(a.country);
  if (invoice.periodStart && invoice.periodEnd) {
    doc
      .font('Helvetica-Bold')
      .fillColor('#0f172a')
      .text('Service period', left, billTo, { width, align: 'right' });
    doc
      .font('Helvetica')
      .fillColor('#334155')
      .text(`${day(invoice.periodStart)} - ${day(invoice.periodEnd)}`, { width, align: 'right' });
  }
}

/** The lines and their amounts, the total, and the note under it. */
function drawLinesAndTotal({ doc, left, right, width }: Page, invoice: InvoiceRow): void {
  doc.moveDown(3);
  let y = Math.max(doc.y, 260);
  doc.rect(left, y, width, 22).fill('#f1f5f9');
  doc.fillColor('#0f172a').font('Helvetica-Bold').fontSize(10);
  doc.text('Description', left + 8, y + 6);
  doc.text('Amount', left, y + 6, { width: width - 8, align: 'right' });
  y += 30;
  doc.font('Helvetica').fillColor('#334155');
  for (const line of invoice.lines) {
    doc.text(line.description, left + 8, y, { width: width - 120 });
    doc.text(usd(line.amountCents), left, y, { width: width - 8, align: 'right' });
    y = Math.max(doc.y, y + 14) + 8;
  }
  doc.moveTo(left, y).lineTo(right, y).strokeColor('#cbd5e1').stroke();
  y += 10;
  doc.font('Helvetica-Bold').fillColor('#0f172a').fontSize(12);
  doc.text('Total (USD)', left + 8, y);
  doc.text(usd(invoice.totalCents), left, y, { width: width - 8, align: 'right' });
  doc.font('Helvetica').fontSize(9).fillColor('#64748b');
  doc.text(
    'No tax is charged on this invoice. Questions about billing: reply to your invoice email.',
    left,
    y + 40,
    { width },
  );
}
