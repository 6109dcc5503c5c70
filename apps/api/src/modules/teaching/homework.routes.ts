import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zCalificaciones,
  zEstadoReply,
  zIdParams,
  zIdReply,
  zMateriaPeriodoRef,
  zScoreReply,
  zScoreSave,
  zTareaDetail,
  zTareaFormData,
  zTareaListRequest,
  zTareaPage,
  zTareaSave,
  zUsesPercentWeight,
} from '@arandu/shared';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mail.js';
import { currentUser } from '../../plugins/auth.js';
import { sendCalificacionesXlsx } from './calificaciones.export.js';
import * as homework from './homework.service.js';
import { transition } from './publish.service.js';

/** Staff, or a professor for the subject-periods they teach (the service checks which, else 404). */
export const TEACHING = ['teaching:any', 'teaching:own'] as const;
const TAGS = ['tareas'];

/** Homework, scores, publish and seal under `/api/homework` (spec 03 section 7, {homework}). */
export const homeworkRoutes: FastifyPluginAsyncZod<{ db: Db; mailer: Mailer }> = async (app, { db, mailer }) => {
  app.get(
    '/homework/homework/form_data',
    {
      config: { access: TEACHING },
      schema: { tags: TAGS, summary: 'Tipos de tarea', response: { 200: zTareaFormData } },
    },
    async () => homework.formData(),
  );

  app.get(
    '/homework/homework/:id',
    {
      config: { access: TEACHING },
      schema: {
        tags: TAGS,
        summary: 'Una tarea con el puntaje de cada alumno',
        params: zIdParams,
        response: { 200: zTareaDetail },
      },
    },
    async (request) => homework.get(db, currentUser(request), request.params.id),
  );

  app.post(
    '/homework/homework',
    {
      config: { access: TEACHING },
      schema: { tags: TAGS, summary: 'Guardar una tarea', body: zTareaSave, response: { 200: zIdReply } },
    },
    async (request) => homework.save(db, currentUser(request), request.body),
  );

  app.post(
    '/homework/homework/update-score',
    {
      config: { access: TEACHING },
      schema: {
        tags: TAGS,
        summary: 'Guardar el puntaje de un alumno (autoguardado; secuencia opcional ordena los guardados)',
        body: zScoreSave,
        response: { 200: zScoreReply },
      },
    },
    async (request) => homework.updateScore(db, currentUser(request), request.body),
  );

  app.post(
    '/homework/:id/homework/all',
    {
      config: { access: TEACHING },
      schema: {
        tags: TAGS,
        summary: 'Tareas de una materia por periodo (id de la materia por periodo)',
        params: zIdParams,
        body: zTareaListRequest,
        response: { 200: zTareaPage },
      },
    },
    async (request) => homework.list(db, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/homework/homework/:id',
    {
      config: { access: TEACHING },
      schema: {
        tags: TAGS,
        summary: 'Borrar una tarea que ningún alumno entregó',
        params: zIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await homework.remove(db, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/homework/uses-percent-weight/:id',
    {
      config: { access: TEACHING },
      schema: {
        tags: TAGS,
        summary: "'Utiliza Porcentaje Peso' de la materia por periodo",
        params: zIdParams,
        body: zUsesPercentWeight,
        response: { 200: zUsesPercentWeight },
      },
    },
    async (request) => homework.usesPercentWeight(db, currentUser(request), request.params.id, request.body.allow),
  );

  for (const [path, to, summary] of [
    ['/homework/publish/:id', 'publish', 'Publicar la materia (Preliminar -> Publicado)'],
    ['/homework/stamp/:id', 'stamp', 'Sellar la materia (Publicado -> Sellado)'],
  ] as const) {
    app.put(
      path,
      {
        config: { access: TEACHING },
        schema: { tags: TAGS, summary, params: zIdParams, body: zMateriaPeriodoRef, response: { 200: zEstadoReply } },
      },
      async (request) => transition(db, mailer, currentUser(request), request.params.id, to),
    );
  }

  app.get(
    '/homework/:id/calificaciones',
    {
      config: { access: TEACHING },
      schema: {
        tags: TAGS,
        summary: 'Calificaciones: puntaje de cada tarea, % PP y % Asistencia de cada alumno',
        params: zIdParams,
        response: { 200: zCalificaciones },
      },
    },
    async (request) => {
      const { tareas, alumnos } = await homework.calificaciones(db, currentUser(request), request.params.id);
      return { tareas, alumnos };
    },
  );

  app.get(
    '/homework/alumnos-materia-download/:id',
    {
      config: { access: TEACHING },
      schema: { tags: TAGS, summary: 'Descargar calificaciones: Alumnos.xlsx', params: zIdParams },
    },
    async (request, reply) => sendCalificacionesXlsx(reply, db, currentUser(request), request.params.id),
  );
};
