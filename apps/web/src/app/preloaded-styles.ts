/**
 * Applies the stylesheets that index.html and pages.html preload (build/preloaded-styles.ts), in the order of
 * the page, and resolves when each has loaded or failed: the app renders only once its CSS is in, since some
 * of Mantine's components measure themselves as they mount. The development server links no preloads.
 */
function applyPreloadedStyles(): Promise<void> {
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

/**
 * Started when this module is evaluated, which main.tsx makes the first of its imports: the router starts
 * loading the first screen's chunks as soon as it is created, and Vite's loader of a lazy chunk reads the
 * page's stylesheet links once, then; a preload it found there would be linked a second time.
 */
export const preloadedStylesApplied = applyPreloadedStyles();
