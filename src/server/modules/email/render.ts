import { EMAIL_TEMPLATES, type EmailTemplateId } from '../../../shared/email-templates';

/** A template's subject and body with every `{placeholder}` replaced by its value. */
export type RenderedEmail = { subject: string; text: string; html: string };

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const fill = (text: string, values: Record<string, string>, encode: (s: string) => string) =>
  text.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? encode(values[name]!) : encode(whole),
  );

/**
 * Renders a template's text. Values are inserted as text: escaped in the HTML part, and a subject keeps
 * one line whatever a value holds. A paragraph that is only a URL becomes a link button.
 */
export function renderEmail(
  template: { subject: string; body: string },
  values: Record<string, string>,
): RenderedEmail {
  const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').trim();
  const subject = oneLine(fill(template.subject, values, oneLine));
  const text = fill(template.body, values, (s) => s);
  const html = text
    .split(/\n{2,}/)
    .map((para) => {
      const trimmed = para.trim();
      if (/^https?:\/\/\S+$/.test(trimmed)) {
        const href = escapeHtml(trimmed);
        return `<p><a href="${href}" style="display:inline-block;padding:10px 18px;background:#2563eb;color:#ffffff;border-radius:6px;text-decoration:none">${href}</a></p>`;
      }
      return `<p>${escapeHtml(trimmed).replace(/\n/g, '<br>')}</p>`;
    })
    .join('\n');
  return {
    subject,
    text,
    html: `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;font-size:15px;line-height:1.5;color:#111827">${html}</body></html>`,
  };
}

/** The code's default text of a template. */
export function defaultTemplate(id: EmailTemplateId): { subject: string; body: string } {
  const { subject, body } = EMAIL_TEMPLATES[id];
  return { subject, body };
}
