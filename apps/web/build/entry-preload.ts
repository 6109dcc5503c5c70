import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';

/** Every chunk that `file` imports statically, directly or through other chunks. */
export function staticImports(bundle: Rolldown.OutputBundle, file: string, seen = new Set<string>()): Set<string> {
  const chunk = bundle[file];
  if (chunk?.type !== 'chunk') return seen;
  for (const dep of chunk.imports) {
    if (seen.has(dep)) continue;
    seen.add(dep);
    staticImports(bundle, dep, seen);
  }
  return seen;
}

/**
 * `<link rel="modulepreload">` in index.html for every chunk the entry imports statically, so the browser
 * asks for React and the shell's chunks beside the entry instead of after parsing it.
 *
 * Vite writes these links itself only with `build.modulePreload`, which also puts a preload helper and a map
 * of every lazy route's chunks into the entry (about 5 KB gzip that the login page would download and never
 * use, issue 16). With it off, a lazy route's chunk brings its own imports as the browser reads them.
 */
export function entryPreload(): Plugin {
  return {
    name: 'arandu-entry-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const { bundle, chunk } = ctx;
        if (!bundle || !chunk) return [];
        return [...staticImports(bundle, chunk.fileName)].map((file): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` },
          injectTo: 'head',
        }));
      },
    },
  };
}
