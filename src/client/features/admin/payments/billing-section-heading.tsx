/** The title and lead line of one Billing Management section. */
export function SectionHeading({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <div className="space-y-1">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-sm text-muted-foreground">{text}</p>
    </div>
  );
}
