/**
 * A page the server answers itself, where a browser navigation lands on something that is not the
 * app (the logout confirmation, an impersonation link that cannot be used): plain HTML, no script
 * (the CSP allows none inline), the app's colours by `color-scheme`, and links to go on.
 */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type PlainPage = {
  appName: string;
  /** The window title, after the app's name. */
  title: string;
  heading: string;
  text: string;
  /** The first is the primary action. */
  links: Array<{ href: string; label: string }>;
};

export function plainPage({ appName, title, heading, text, links }: PlainPage): string {
  const name = escapeHtml(appName);
  const nav = links
    .map(
      (link, i) =>
        `<a class="${i === 0 ? 'primary' : 'secondary'}" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name} - ${escapeHtml(title)}</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; min-height: 100dvh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
  main { max-width: 28rem; margin: 1rem; padding: 2rem; border: 1px solid color-mix(in srgb, CanvasText 20%, transparent); border-radius: 0.75rem; }
  h1 { font-size: 1.25rem; margin: 0 0 0.5rem; }
  p { margin: 0 0 1.5rem; line-height: 1.5; }
  nav { display: flex; gap: 0.75rem; flex-wrap: wrap; }
  a { padding: 0.5rem 1rem; border-radius: 0.5rem; text-decoration: none; font-weight: 600; }
  .primary { background: #2563eb; color: #fff; }
  .secondary { border: 1px solid color-mix(in srgb, CanvasText 30%, transparent); color: inherit; }
  a:focus-visible { outline: 2px solid #2563eb; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(text)}</p>
<nav>${nav}</nav>
</main>
</body>
</html>`;
}
