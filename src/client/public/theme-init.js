// Applies the saved theme before React starts, so the first paint has the right colours.
// External file on purpose: the Content-Security-Policy is script-src 'self' (no inline scripts).
// Keep the key and logic in step with src/client/lib/theme.tsx.
(function () {
  var theme = 'system';
  try {
    var saved = window.localStorage.getItem('fleet-theme');
    if (saved === 'light' || saved === 'dark' || saved === 'system') theme = saved;
  } catch (_e) {
    // Storage can be unavailable (privacy modes); fall back to the system preference.
  }
  var dark =
    theme === 'dark' ||
    (theme === 'system' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  var root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
