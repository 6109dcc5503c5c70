import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MSG } from '@arandu/shared';
import { isApiUrl } from '../lib/api-url.js';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));
/** The signed-in screens' addresses, answered with pages.html when the build wrote one. */
const SHELL_PATH = /^\/pages(?:[/?#]|$)/i;

/**
 * Serves the built web app. Client routes fall back to index.html, the signed-in ones (/pages/…) to
 * pages.html, the same page that also preloads the signed-in shell's chunks (apps/web/build/page-preloads.ts)
 * so that the login page does not download them. Unknown /api paths answer a JSON 404. Hashed assets are
 * cached for a year, the pages never (so a deploy is seen at once); all of them compressed at build time.
 */
export async function webPlugin(app: FastifyInstance, opts: { webDist?: string | undefined }) {
  const root = path.resolve(opts.webDist ?? DEFAULT_WEB_DIST);
  const hasWeb = fs.existsSync(path.join(root, 'index.html'));
  const hasShellPage = fs.existsSync(path.join(root, 'pages.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (apps/web/build/precompress.ts); the one the
      // browser accepts is sent with its Content-Encoding, index.html included.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    // HEAD is a GET without the body: monitors and load balancers probe '/' and the pages with it.
    if (isApiUrl(request.url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ error: MSG.notFound });
    }
    if (!hasWeb) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('La aplicación web no está compilada. Ejecute "npm run build" o "npm start".');
    }
    const page = hasShellPage && SHELL_PATH.test(request.url) ? 'pages.html' : 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(page);
  });
}
