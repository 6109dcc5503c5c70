import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zActa,
  zActaParams,
  zActaVerificacion,
  zAlumnoMateriaExamen,
  zAlumnosMateriaExamenRequest,
  zExamen,
  zExamenFormData,
  zExamenListRequest,
  zExamenPage,
  zExamenOpen,
  zExamenRef,
  zExamenSave,
  zHorarioMateria,
  zIdParams,
  zIdReply,
  zVerifyParams,
} from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import { sendAlumnosMateria, sendScoreReport } from './exams.export.js';
import * as repo from './exams.repository.js';
import * as exams from './exams.service.js';
import { throttleVerification } from '../verification/verification.service.js';

const MANAGE = ['exams:manage'] as const;
/** Staff, or a professor on the exams they score (the service checks which). */
const SCORES = ['exams:manage', 'exam-scores:any', 'exam-scores:own'] as const;
const TAGS = ['exámenes'];

/** Exams (`/api/exams`): list, form, stamping, reopening, actas and their downloads. */
export const examsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/exams/all',
    {
      config: { access: SCORES },
      schema: { tags: TAGS, summary: 'Lista de exámenes', body: zExamenListRequest, response: { 200: zExamenPage } },
    },
    async (request) => exams.list(db, currentUser(request), request.body),
  );

  // The form's options are read by whoever may open an exam (a professor sees it read-only).
  app.get(
    '/exams/form_data',
    {
      config: { access: SCORES },
      schema: { tags: TAGS, summary: 'Carreras, periodos y profesores', response: { 200: zExamenFormData } },
    },
    async () => exams.formData(db, undefined),
  );

  app.get(
    '/exams/form_data/:id',
    {
      config: { access: SCORES },
      schema: {
        tags: TAGS,
        summary: 'Datos del formulario con las materias del periodo lectivo (id del periodo)',
        params: zIdParams,
        response: { 200: zExamenFormData },
      },
    },
    async (request) => exams.formData(db, request.params.id),
  );

  app.get(
    '/exams/verify/:code',
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        summary: 'Verificar un acta sellada por su código',
        params: zVerifyParams,
        response: { 200: zActaVerificacion },
      },
    },
    async (request) => {
      await throttleVerification(db, request.ip);
      return exams.verify(db, request.params.code);
    },
  );

  app.get(
    '/exams/report/:id',
    {
      config: { access: SCORES },
      schema: { tags: TAGS, summary: 'Datos del acta final', params: zIdParams, response: { 200: zActa } },
    },
    async (request) => exams.acta(db, currentUser(request), request.params.id, 'final'),
  );

  app.get(
    '/exams/report/:id/:extra',
    {
      config: { access: SCORES },
      schema: {
        tags: TAGS,
        summary: 'Datos de un acta: inscriptos, recuperatorio, final o todas',
        params: zActaParams,
        response: { 200: zActa },
      },
    },
    async (request) => exams.acta(db, currentUser(request), request.params.id, request.params.extra),
  );

  app.get(
    '/exams/download-score-report/:id',
    { config: { access: SCORES }, schema: { tags: TAGS, summary: 'Respaldo docente (xlsx)', params: zIdParams } },
    async (request, reply) => sendScoreReport(reply, db, currentUser(request), request.params.id),
  );

  app.get(
    '/exams/alumnos-materia-notas-download/:id',
    { config: { access: SCORES }, schema: { tags: TAGS, summary: 'Alumnos.xlsx del examen', params: zIdParams } },
    async (request, reply) => sendAlumnosMateria(reply, db, currentUser(request), request.params.id),
  );

  app.put(
    '/exams/alumnos-materia/:id',
    {
      config: { access: MANAGE },
      schema: {
        tags: TAGS,
        summary: 'Alumnos de la materia del examen para agregar o quitar',
        params: zIdParams,
        body: zAlumnosMateriaExamenRequest,
        response: { 200: z.array(zAlumnoMateriaExamen) },
      },
    },
    async (request) => {
      await exams.loadFor(db, currentUser(request), request.params.id);
      return repo.alumnosMateria(db, request.params.id, request.body.filters?.search);
    },
  );

  app.get(
    '/exams/subjects-schedule/:id',
    {
      config: { access: MANAGE },
      schema: {
        tags: TAGS,
        summary: 'Horario de una materia por periodo',
        params: zIdParams,
        response: { 200: z.array(zHorarioMateria) },
      },
    },
    async (request) => exams.horarios(db, request.params.id),
  );

  app.put(
    '/exams/stamp',
    {
      config: { access: MANAGE },
      schema: { tags: TAGS, summary: 'Sellar examen', body: zExamenRef, response: { 200: zExamen } },
    },
    async (request) => exams.stamp(db, currentUser(request), request.body.id),
  );

  app.put(
    '/exams/open',
    {
      config: { access: MANAGE },
      schema: {
        tags: TAGS,
        summary: 'Abrir examen sellado (administrador raíz), con el motivo de la reapertura',
        body: zExamenOpen,
        response: { 200: zExamen },
      },
    },
    async (request) =>
      exams.open(db, currentUser(request), request.body.id, request.body.motivo, request.body.resolucion),
  );

  app.get(
    '/exams/:id',
    {
      config: { access: SCORES },
      schema: { tags: TAGS, summary: 'Un examen con sus inscriptos', params: zIdParams, response: { 200: zExamen } },
    },
    async (request) => exams.get(db, currentUser(request), request.params.id),
  );

  app.post(
    '/exams',
    {
      config: { access: MANAGE },
      schema: { tags: TAGS, summary: 'Guardar examen', body: zExamenSave, response: { 200: zIdReply } },
    },
    async (request) => exams.save(db, currentUser(request), request.body),
  );

  app.delete(
    '/exams/:id',
    {
      config: { access: MANAGE },
      schema: { tags: TAGS, summary: 'Borrar examen (sólo activo)', params: zIdParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await exams.remove(db, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
