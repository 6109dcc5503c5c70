import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { entregaEndpoints as e } from '@arandu/shared';
import { serve } from '../../lib/serve.js';
import { attachmentHeader } from '../../lib/xlsx.js';
import { currentUser } from '../../plugins/auth.js';
import { sendEntregasZip, zipSegment } from './entregas-zip.js';
import { INLINE_MIMES } from './file-kinds.js';
import * as entregas from './hand-ins.service.js';

/** Homework handed in through Arandu (issue 46). */
export const entregasRoutes: FastifyPluginAsyncZod<entregas.EntregasDeps> = async (app, deps) => {
  serve(app, e.upload, (request) => entregas.upload(deps, request, currentUser(request), request.params.id));
  serve(app, e.mine, (request) => entregas.mine(deps, currentUser(request), request.params.id));
  serve(app, e.list, (request) => entregas.list(deps, currentUser(request), request.params.id));
  serve(app, e.file, async (request, reply) => {
    const file = await entregas.archivo(deps, currentUser(request), request.params.id);
    const inline = INLINE_MIMES.has(file.tipo);
    const disposition = attachmentHeader(file.nombre);
    // What a student uploaded is never run as a page of this site: its own kind (read from its bytes), no
    // sniffing, and a sandbox with nothing allowed (no scripts, no forms, no same origin).
    return reply
      .header('Content-Type', file.tipo)
      .header('Content-Length', String(file.bytes))
      .header('Content-Disposition', inline ? disposition.replace(/^attachment/, 'inline') : disposition)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
      .header('Cross-Origin-Resource-Policy', 'same-origin')
      .send(Readable.from(file.content));
  });
  serve(app, e.zip, async (request, reply) => {
    const { tarea, alumnos } = await entregas.zipEntries(deps, currentUser(request), request.params.id);
    return sendEntregasZip(reply, deps.storage, `${zipSegment(tarea.descripcion)} - entregas.zip`, alumnos);
  });
  serve(app, e.devolucion, (request) =>
    entregas.devolucion(
      deps,
      currentUser(request),
      request.params.id,
      request.params.perfilAlumnoId,
      request.body.texto,
    ),
  );
  serve(app, e.publish, (request) => entregas.publish(deps, currentUser(request), request.params.id));
};
