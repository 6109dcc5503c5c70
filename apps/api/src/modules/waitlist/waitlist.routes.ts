import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zError,
  zIdParams,
  zInscriptionLine,
  zListaEsperaMover,
  zListaEsperaStaff,
  zMateriaPeriodoIdParams,
  zMiListaEspera,
} from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import * as waitlist from './waitlist.service.js';

const OWN = ['enrolment:own'] as const;
const STAFF = ['structure:manage'] as const;
const TAGS = ['lista de espera'];

/** Waiting lists of full subject-periods (issue 29): the student's own, and staff's in order. */
export const waitlistRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/studentsubjects/lista-espera',
    {
      config: { access: OWN },
      schema: {
        tags: TAGS,
        summary: 'Mis listas de espera: posición y oferta abierta',
        response: { 200: zMiListaEspera },
      },
    },
    async (request) => waitlist.mine(db, currentUser(request)),
  );

  app.delete(
    '/studentsubjects/lista-espera/:materiaPeriodoId',
    {
      config: { access: OWN },
      schema: {
        tags: TAGS,
        summary: 'Salir de la lista de espera (rechaza una oferta abierta)',
        params: zMateriaPeriodoIdParams,
        response: { 204: z.null(), 404: zError },
      },
    },
    async (request, reply) => {
      await waitlist.leave(db, currentUser(request), request.params.materiaPeriodoId);
      // A declined offer passes to the next in line.
      app.waitlist.kick();
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/studentsubjects/lista-espera/:materiaPeriodoId/aceptar',
    {
      config: { access: OWN },
      schema: {
        tags: TAGS,
        summary: 'Aceptar el lugar ofrecido: inscribe con las reglas verificadas otra vez',
        params: zMateriaPeriodoIdParams,
        response: { 200: zInscriptionLine, 400: zError },
      },
    },
    async (request) => waitlist.accept(db, currentUser(request), request.params.materiaPeriodoId),
  );

  app.get(
    '/MateriasPeriodo/:id/lista-espera',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Lista de espera de una materia por periodo, en orden',
        params: zIdParams,
        response: { 200: zListaEsperaStaff },
      },
    },
    async (request) => waitlist.staffList(db, request.params.id),
  );

  app.post(
    '/MateriasPeriodo/:id/lista-espera/mover',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Mover a un alumno de posición en la lista de espera, con motivo (auditado)',
        params: zIdParams,
        body: zListaEsperaMover,
        response: { 200: zListaEsperaStaff },
      },
    },
    async (request) => waitlist.move(db, currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/MateriasPeriodo/:id/seccion-paralela',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Abrir sección paralela: misma materia y periodo, cupo copiado, lista de espera en orden',
        params: zIdParams,
        response: { 200: z.object({ id: z.number().int(), seccion: z.string() }) },
      },
    },
    async (request) => waitlist.openParallel(db, currentUser(request), request.params.id),
  );
};
