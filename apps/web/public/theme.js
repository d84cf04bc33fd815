// Runs before the app paints (a plain script in <head>, allowed by the CSP's script-src 'self'):
// the remembered theme, else the system's, so a dark page never flashes white.
(() => {
  let stored = null;
  try {
    stored = localStorage.getItem('atende.theme');
  } catch {}
  const dark = stored ? stored === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches;
  document.documentElement.classList.toggle('dark', dark);
})();
