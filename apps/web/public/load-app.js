/**
 * Starts the app on a page the server rendered (apps/server/src/modules/web/app-page.ts) once the
 * page's content has loaded and been painted. On a slow link the HTML, the styles and the pictures in
 * view then get the bandwidth first; the app's code follows and takes the page over. A picture that
 * takes long does not hold the app back for more than a few seconds.
 * The tag names the code: data-entry (the entry module) and data-preload (the modules it and the
 * page's screen import, so the app finds them on their way and adds no preload of its own).
 */
(() => {
  // Until the app has taken the page over (it removes data-pending from the root), a tap or a key
  // would land on markup with nothing behind it: it is held here, and the last tap is given again to
  // the same element once the app is there (hydration keeps the server's elements), so an early
  // "Add to Cart" is not lost. No style names the attribute, so taking it away restyles nothing.
  const root = document.getElementById('root');
  if (root?.hasAttribute('data-pending')) {
    const kinds = ['click', 'submit', 'keydown'];
    let heldTap = null;
    const hold = (event) => {
      if (!(event.target instanceof Element) || !root.contains(event.target)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (event.type === 'click') heldTap = event.target;
    };
    for (const kind of kinds) addEventListener(kind, hold, true);
    new MutationObserver((_, observer) => {
      if (root.hasAttribute('data-pending')) return;
      observer.disconnect();
      for (const kind of kinds) removeEventListener(kind, hold, true);
      // After React's own work of this task; an element React replaced (a page it rendered afresh)
      // is no longer in the document and gets nothing.
      const tap = heldTap;
      heldTap = null;
      if (tap) setTimeout(() => tap.isConnected && tap.click(), 0);
    }).observe(root, { attributes: true, attributeFilter: ['data-pending'] });
  }
  // The browser may offer to install the app before its code has arrived: the offer is kept for it
  // (features/rider/components/install-prompt.tsx).
  addEventListener(
    'beforeinstallprompt',
    (event) => {
      event.preventDefault();
      window.__installOffer = event;
    },
    { once: true },
  );
  const { entry, preload = '' } = document.currentScript.dataset;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preload.split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    document.head.append(app);
  };
  // After the page has loaded, its first contentful paint is on screen (a page with no pictures has
  // loaded before its first paint), and two more frames have gone by for the pictures just loaded.
  const afterFrames = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
  const afterPaint = () => {
    if (!('PerformanceObserver' in window) || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return afterFrames();
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      afterFrames();
    });
    observer.observe({ type: 'paint', buffered: true });
  };
  if (document.readyState === 'complete') afterPaint();
  else {
    addEventListener('load', afterPaint, { once: true });
    setTimeout(start, 3000);
  }
})();
