import { readDirection } from '../lib/preferences';

const LOADING_SCREEN_DELAY_MS = 500;

/** Spec 01 section 4 and 9: all browser caches are cleared at startup (the Cache Storage API; never localStorage). */
function clearBrowserCaches(): void {
  if (!('caches' in window)) return;
  void caches
    .keys()
    .then((keys) => Promise.all(keys.map((key) => caches.delete(key))))
    .catch(() => undefined);
}

/** The loading screen of index.html goes 500 ms after the page has loaded. */
function removeLoadingScreenAfterLoad(): void {
  const remove = () =>
    window.setTimeout(() => {
      const screen = document.getElementById('app-loading');
      if (!screen) return;
      screen.style.opacity = '0';
      window.setTimeout(() => {
        screen.remove();
      }, 200);
    }, LOADING_SCREEN_DELAY_MS);
  if (document.readyState === 'complete') remove();
  else window.addEventListener('load', remove, { once: true });
}

export function startup(): void {
  document.documentElement.dir = readDirection();
  clearBrowserCaches();
  removeLoadingScreenAfterLoad();
}
