import type { EmailTemplate } from '@shared/contracts/email';
import type { TemplatePreviewText } from './use-template-actions';

/** The placeholders a template may use, each with what it is filled with. */
export function TemplatePlaceholders({ placeholders }: { placeholders: EmailTemplate['placeholders'] }) {
  return (
    <div className="space-y-1">
      <p className="text-sm font-medium">Placeholders</p>
      <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground" aria-label="Placeholders">
        {placeholders.map((p) => (
          <li key={p.name} title={p.description}>
            <code className="text-foreground">{`{${p.name}}`}</code> {p.description.toLowerCase()}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The draft filled with the staff member's own data. */
export function TemplatePreview({ preview: shown }: { preview: TemplatePreviewText }) {
  return (
    <section
      aria-label="Preview"
      className="space-y-2 rounded-md border bg-muted/40 p-3"
      data-testid="email-preview"
    >
      <p className="text-sm">
        <span className="text-muted-foreground">Subject: </span>
        <strong>{shown.subject}</strong>
      </p>
      <p className="text-sm break-words whitespace-pre-wrap">{shown.text}</p>
    </section>
  );
}
