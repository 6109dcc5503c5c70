import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { staticImports } from './entry-preload.ts';

/** The page the API sends for the signed-in addresses (/pages/…), apps/api/src/plugins/web.ts. */
export const SHELL_HTML = 'pages.html';

/**
 * `html` with a `<link rel="modulepreload">` for every chunk that `roots` (source modules, paths relative to
 * apps/web) need and a style preload for their CSS, before `</head>`; links the page already has are left
 * out. Style preloads, like the entry's own stylesheet (build/preloaded-styles.ts): the entry applies them.
 * (Vite's loader of a lazy chunk waits for the chunk's CSS unless its link is already in the page.)
 */
function withPreloads(bundle: Rolldown.OutputBundle, webRoot: string, roots: string[], html: string): string {
  const rootIds = new Set(roots.map((root) => path.resolve(webRoot, root)));
  const files = new Set<string>();
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk' || !chunk.moduleIds.some((id) => rootIds.has(id))) continue;
    files.add(chunk.fileName);
    staticImports(bundle, chunk.fileName, files);
  }
  const css = [...files].flatMap((file) => {
    const chunk = bundle[file];
    return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
  });
  const link = (rel: string) => (file: string) => `    <link rel="${rel}" crossorigin href="/${file}">\n`;
  const links = [
    ...[...files].filter((file) => !html.includes(`"/${file}"`)).map(link('modulepreload')),
    ...css.filter((file) => !html.includes(`"/${file}"`)).map(link('preload" as="style')),
  ].join('');
  return html.replace('  </head>', `${links}  </head>`);
}

/**
 * Preloads from the two pages the API sends, so that a phone with an empty cache asks for the first screen's
 * chunks beside the entry instead of one import level at a time once the entry has run (issue 16):
 * - index.html (the login and the other pages without a session) gets the chunks of `publicRoots`; before,
 *   the login's own chunk and stylesheet were asked for only once the entry had run, a round trip and the
 *   entry's evaluation after it;
 * - `pages.html`, written here from index.html, also gets those of `signedInRoots`, the signed-in shell and
 *   the landing pages.
 */
export function pagePreloads(publicRoots: string[], signedInRoots: string[]): Plugin {
  let webRoot = '';
  return {
    name: 'arandu-page-preloads',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      webRoot = config.root;
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') this.error('page-preloads: the build wrote no index.html');
      const html = withPreloads(bundle, webRoot, publicRoots, String(index.source));
      index.source = html;
      this.emitFile({
        type: 'asset',
        fileName: SHELL_HTML,
        source: withPreloads(bundle, webRoot, signedInRoots, html),
      });
    },
  };
}
