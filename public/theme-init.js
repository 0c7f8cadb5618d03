/*
 * Runs before the page is drawn (a classic script in <head>, so no flash of the wrong theme): puts
 * the `dark` class on <html> when this device's stored choice (lib/theme.ts, key 'vm-theme') is
 * 'dark', or when there is none and the system asks for dark. Pages without the app (the public
 * islands) keep following a change of the system setting through the listener.
 */
(function () {
  var query = window.matchMedia('(prefers-color-scheme: dark)');
  function apply() {
    var stored = null;
    try {
      stored = localStorage.getItem('vm-theme');
    } catch {
      // Storage blocked: follow the system.
    }
    var dark = stored === 'dark' || (stored !== 'light' && query.matches);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  }
  apply();
  query.addEventListener('change', apply);
})();
