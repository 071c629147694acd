/* global window, document */
// Runs before the first paint: the stored theme (pc_theme) and language (pc_lang) apply at once.
// Mirrors src/lib/theme.ts (tested there); the React shell takes over after loading.
(function () {
  var root = document.documentElement;
  function read(key) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  }
  var theme = read('pc_theme');
  if (theme !== 'dark' && theme !== 'light') {
    theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  root.setAttribute('data-theme', theme);
  var meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', theme === 'dark' ? '#121317' : '#F9F9F9');
  var lang = read('pc_lang');
  if (lang === 'az' || lang === 'en' || lang === 'ru') root.setAttribute('lang', lang);
})();
