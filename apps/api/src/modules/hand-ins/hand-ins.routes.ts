import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
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
  serve(app, e.upcoming, (request) => entregas.upcoming(deps, currentUser(request)));
  serve(app, e.mine, (request) => entregas.mine(deps, currentUser(request), request.params.id));
  serve(app, e.list, (request) => entregas.list(deps, currentUser(request), request.params.id));
  serve(app, e.file, async (request, reply) =>
    sendStored(reply, await entregas.archivo(deps, currentUser(request), request.params.id)),
  );
  serve(app, e.devolucionArchivoFile, async (request, reply) =>
    sendStored(reply, await entregas.devolucionArchivoFile(deps, currentUser(request), request.params.id)),
  );
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
  serve(app, e.devolucionArchivo, (request) =>
    entregas.devolucionArchivo(deps, request, currentUser(request), request.params.id, request.params.perfilAlumnoId),
  );
  serve(app, e.quitarDevolucionArchivo, (request) =>
    entregas.quitarDevolucionArchivo(deps, currentUser(request), request.params.id, request.params.perfilAlumnoId),
  );
  serve(app, e.publish, (request) => entregas.publish(deps, currentUser(request), request.params.id));
};

/**
 * A stored file as its reply. What a student uploaded (or a professor gave back) is never run as a page of this
 * site: its own kind (read from its bytes), no sniffing, and a sandbox with nothing allowed (no scripts, no
 * forms, no same origin). PDF and images open in the browser, the rest download.
 */
function sendStored(
  reply: FastifyReply,
  file: { tipo: string; bytes: number; nombre: string; content: AsyncIterable<Buffer> },
) {
  const inline = INLINE_MIMES.has(file.tipo);
  const disposition = attachmentHeader(file.nombre);
  return reply
    .header('Content-Type', file.tipo)
    .header('Content-Length', String(file.bytes))
    .header('Content-Disposition', inline ? disposition.replace(/^attachment/, 'inline') : disposition)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
    .header('Cross-Origin-Resource-Policy', 'same-origin')
    .send(Readable.from(file.content));
}
