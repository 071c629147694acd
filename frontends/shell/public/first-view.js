/* global window, document */
// The first view of a page the reader rendered on the server (frontends/reader/server links this file): the page is complete HTML (content, links, styles) and the app
// (the shell and the reader, listed in #pc-app) loads once the page has loaded and the browser is idle, or at the
// reader's first interaction, whichever comes first. Until the app has taken over, the page's buttons and fields
// are inert (they would do nothing yet); links work as plain links all along.
(function () {
  var list = document.getElementById('pc-app');
  if (!list) return;
  var started = false;
  var events = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'focusin'];
  var options = { capture: true, passive: true };
  var root = document.getElementById('root');
  if (root) {
    var controls = root.querySelectorAll('button, input, select, textarea, [role="button"]');
    for (var i = 0; i < controls.length; i++) controls[i].setAttribute('inert', '');
  }
  function start() {
    if (started) return;
    started = true;
    document.documentElement.setAttribute('data-pc-app', 'loading');
    for (var e = 0; e < events.length; e++) window.removeEventListener(events[e], start, options);
    var sources;
    try {
      sources = JSON.parse(list.textContent || '[]');
    } catch {
      sources = [];
    }
    for (var s = 0; s < sources.length; s++) {
      if (typeof sources[s] !== 'string' || sources[s].charAt(0) !== '/' || sources[s].charAt(1) === '/') continue;
      var script = document.createElement('script');
      script.src = sources[s];
      script.async = false;
      document.head.appendChild(script);
    }
  }
  for (var e = 0; e < events.length; e++) window.addEventListener(events[e], start, options);
  function whenIdle() {
    if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 1000 });
    else window.setTimeout(start, 200);
  }
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
})();
