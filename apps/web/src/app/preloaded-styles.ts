/**
 * Applies the stylesheets that index.html and pages.html preload (build/preloaded-styles.ts), in the order of
 * the page, and resolves when each has loaded or failed: the app renders only once its CSS is in, since some
 * of Mantine's components measure themselves as they mount. Call it before the router asks for a lazy
 * screen: Vite's loader of a lazy chunk reads the page's stylesheet links once, at its first call, and would
 * link a preload it found there a second time.
 */
export function applyPreloadedStyles(): Promise<void> {
  const preloads = document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]');
  return Promise.all(
    [...preloads].map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
          // The preload becomes the stylesheet, fetched once.
          link.rel = 'stylesheet';
        }),
    ),
  ).then(() => undefined);
}
