import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MSG } from '@arandu/shared';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * Serves the built web app. Client routes (/pages/…) fall back to index.html; unknown /api paths answer a
 * JSON 404. Hashed assets are cached for a year, index.html never (so a deploy is seen at once); all of them
 * compressed at build time.
 */
export async function webPlugin(app: FastifyInstance, opts: { webDist?: string | undefined }) {
  const root = path.resolve(opts.webDist ?? DEFAULT_WEB_DIST);
  const hasWeb = fs.existsSync(path.join(root, 'index.html'));
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
    if (request.url.startsWith('/api') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ error: MSG.notFound });
    }
    if (!hasWeb) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('La aplicación web no está compilada. Ejecute "npm run build" o "npm start".');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
