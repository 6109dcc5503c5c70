import path from 'node:path';
import type { Plugin } from 'vite';
import { staticImports } from './entry-preload.ts';

/** The page the API sends for the signed-in addresses (/pages/…), apps/api/src/plugins/web.ts. */
export const SHELL_HTML = 'pages.html';

/**
 * Writes `pages.html`: index.html plus a `<link rel="modulepreload">` for every chunk the signed-in shell and
 * the landing pages (`roots`, paths relative to apps/web) need, and a style preload for their CSS. A phone
 * that opens its dashboard with an empty cache then asks for all of it beside the entry, instead of one
 * import level at a time once the entry has run (issue 16); the login page, index.html, keeps only the
 * entry's own links. (Vite's loader of a lazy chunk waits for the chunk's CSS unless its link is already in
 * the page.)
 */
export function shellPreload(roots: string[]): Plugin {
  let webRoot = '';
  return {
    name: 'arandu-shell-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      webRoot = config.root;
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') this.error('shell-preload: the build wrote no index.html');
      const html = String(index.source);
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
        // Preloads, like the entry's own stylesheet (build/preloaded-styles.ts): the entry applies them.
        ...css.filter((file) => !html.includes(`"/${file}"`)).map(link('preload" as="style')),
      ].join('');
      this.emitFile({ type: 'asset', fileName: SHELL_HTML, source: html.replace('  </head>', `${links}  </head>`) });
    },
  };
}
