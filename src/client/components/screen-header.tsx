/**
 * The head of a back-office screen: its title (the page's one h1) and a line saying what it holds. A
 * screen with actions of its own puts this and them side by side in its own row.
 */
export function ScreenHeader({ title, description }: { title: string; description: string }) {
  return (
    <div className="space-y-1">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="text-sm text-muted-foreground">{description}</p>
    </div>
  );
}
