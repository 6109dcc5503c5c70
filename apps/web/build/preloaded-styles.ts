import type { Plugin } from 'vite';

const STYLESHEET_LINK = /<link rel="stylesheet"( crossorigin)? href="([^"]+\.css)">/g;

/** The page's stylesheet links as preloads: `<link rel="preload" as="style">`, fetched at once but not render-blocking. */
export function asStylePreloads(html: string): string {
  return html.replace(STYLESHEET_LINK, '<link rel="preload" as="style"$1 href="$2">');
}

/**
 * index.html (and so pages.html, which starts from it) preloads its stylesheets instead of linking them, and
 * the entry turns the preloads into stylesheets and waits for them before the first render
 * (src/app/preloaded-styles.ts). A linked stylesheet blocks every paint until it has arrived: on a slow phone
 * the page stayed white for as long as Mantine's 33 KB of CSS took, with the loading screen of index.html,
 * which needs none of it, waiting behind them (issue 16). The app itself still never renders unstyled.
 */
export function preloadedStyles(): Plugin {
  return {
    name: 'arandu-preloaded-styles',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: asStylePreloads },
  };
}
