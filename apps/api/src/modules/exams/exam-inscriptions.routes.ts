import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zAvailableRequest,
  zDerechoExamenPage,
  zFormDataParams,
  zIdParams,
  zInscribir,
  zInscribirme,
  zInscripcionesSave,
  zInscripcionExamen,
  zExamInscripcionFormData,
  zMiExamenPage,
  zMyExamsRequest,
  zUpdateScore,
} from '@arandu/shared';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mail.js';
import { currentUser } from '../../plugins/auth.js';
import * as inscriptions from './exam-inscriptions.service.js';

const MANAGE = ['exams:manage'] as const;
const SCORES = ['exams:manage', 'exam-scores:any', 'exam-scores:own'] as const;
const OWN = ['exams:own'] as const;
const TAGS = ['inscripciones a examen'];

/** Exam enrolments (`/api/inscripcionexamen`, the spec's `examInscriptions`) and the student's exam rights. */
export const examInscriptionsRoutes: FastifyPluginAsyncZod<{ db: Db; mailer: Mailer }> = async (
  app,
  { db, mailer },
) => {
  const base = '/inscripcionexamen';

  app.get(
    `${base}/form_data`,
    {
      config: { access: MANAGE },
      schema: { tags: TAGS, summary: 'Escala de calificaciones', response: { 200: zExamInscripcionFormData } },
    },
    async (request) => inscriptions.formData(db, currentUser(request), undefined, false),
  );

  app.get(
    `${base}/form_data/:examId/:loadStudents`,
    {
      config: { access: SCORES },
      schema: {
        tags: TAGS,
        summary: 'Examen, alumnos de la materia y escala de calificaciones',
        params: zFormDataParams,
        response: { 200: zExamInscripcionFormData },
      },
    },
    async (request) =>
      inscriptions.formData(db, currentUser(request), request.params.examId, request.params.loadStudents === 'true'),
  );

  app.post(
    `${base}/my-exams`,
    {
      config: { access: OWN },
      schema: { tags: TAGS, summary: 'Mis exámenes', body: zMyExamsRequest, response: { 200: zMiExamenPage } },
    },
    async (request) => inscriptions.myExams(db, currentUser(request), request.body),
  );

  app.post(
    `${base}/available`,
    {
      config: { access: OWN },
      schema: {
        tags: TAGS,
        summary: 'Exámenes disponibles para el alumno, con su instancia o motivo de bloqueo',
        body: zAvailableRequest,
        response: { 200: zMiExamenPage },
      },
    },
    async (request) => inscriptions.available(db, currentUser(request), request.body),
  );

  app.post(
    `${base}/inscribirme`,
    {
      config: { access: OWN },
      schema: {
        tags: TAGS,
        summary: 'Inscribirme a un examen',
        body: zInscribirme,
        response: { 200: zInscripcionExamen },
      },
    },
    async (request) => inscriptions.inscribirme(db, mailer, currentUser(request), request.body),
  );

  app.post(
    `${base}/inscribir`,
    {
      config: { access: MANAGE },
      schema: {
        tags: TAGS,
        summary: 'Inscripción y/o nota de un alumno',
        body: zInscribir,
        response: { 200: zInscripcionExamen },
      },
    },
    async (request) => inscriptions.inscribir(db, mailer, currentUser(request), request.body),
  );

  app.post(
    `${base}/update-score`,
    {
      config: { access: SCORES },
      schema: {
        tags: TAGS,
        summary: 'Guardar asistencia y/o notas (la calificación la calcula el servidor)',
        body: zUpdateScore,
        response: { 200: zInscripcionExamen },
      },
    },
    async (request) => inscriptions.updateScore(db, currentUser(request), request.body),
  );

  app.post(
    base,
    {
      config: { access: MANAGE },
      schema: {
        tags: TAGS,
        summary: 'Agregar o quitar alumnos de un examen',
        body: zInscripcionesSave,
        response: {
          200: z.object({
            agregados: z.number().int(),
            quitados: z.number().int(),
            rechazados: z.array(z.object({ perfilAlumnoId: z.number().int(), motivo: z.string() })),
          }),
        },
      },
    },
    async (request) => inscriptions.saveMany(db, mailer, currentUser(request), request.body),
  );

  app.get(
    `${base}/:id`,
    {
      config: { access: [...SCORES, ...OWN] },
      schema: {
        tags: TAGS,
        summary: 'Una inscripción a examen',
        params: zIdParams,
        response: { 200: zInscripcionExamen },
      },
    },
    async (request) => inscriptions.get(db, currentUser(request), request.params.id),
  );

  app.delete(
    `${base}/:id`,
    {
      config: { access: MANAGE },
      schema: {
        tags: TAGS,
        summary: 'Borrar una inscripción a examen',
        params: zIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await inscriptions.remove(db, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/studentsubjects/mis_derechos_a_examenes',
    {
      config: { access: OWN },
      schema: {
        tags: TAGS,
        summary: 'Mis derechos a examen por materia',
        body: zAvailableRequest,
        response: { 200: zDerechoExamenPage },
      },
    },
    async (request) => inscriptions.misDerechos(db, currentUser(request), request.body),
  );
};
