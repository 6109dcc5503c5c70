import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zAlumnoMateria,
  zAlumnosMateriaPage,
  zAlumnosMateriaRequest,
  zIdParams,
  zIdReply,
  zMallaSubjects,
  zMateriaPeriodo,
  zMateriaPeriodoFormData,
  zMateriaPeriodoListRequest,
  zMateriaPeriodoPage,
  zMateriaPeriodoSave,
  zMoveInscription,
  zMoveInscriptionReply,
  zMoveSectionData,
  zNotasSave,
} from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import { sendAlumnosXlsx } from './subject-periods.export.js';
import * as subjectPeriods from './subject-periods.service.js';

const STAFF = ['structure:manage'] as const;
/** Staff, or a professor for the subject-periods they teach (the service checks which). */
const TEACHING = ['teaching:any', 'teaching:own'] as const;
const REPORTS = ['reports:any', 'reports:own-subjects'] as const;
const TAGS = ['materias por periodo'];

/** Subjects per period (`/api/MateriasPeriodo`), their grades list and moving students between sections. */
export const subjectPeriodsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/MateriasPeriodo/all',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Lista de materias por periodo',
        body: zMateriaPeriodoListRequest,
        response: { 200: zMateriaPeriodoPage },
      },
    },
    async (request) => subjectPeriods.list(db, request.body),
  );

  app.get(
    '/MateriasPeriodo/form_data',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Mallas, periodos, profesores, tipos de actividad y días para el formulario',
        response: { 200: zMateriaPeriodoFormData },
      },
    },
    async () => subjectPeriods.formData(db),
  );

  app.get(
    '/MateriasPeriodo/subjects/:id',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Materias de una malla (id de la malla)',
        params: zIdParams,
        response: { 200: zMallaSubjects },
      },
    },
    async (request) => subjectPeriods.mallaSubjects(db, request.params.id),
  );

  app.get(
    '/MateriasPeriodo/inscription-students/:id',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Alumnos inscriptos y secciones destino para mover de sección',
        params: zIdParams,
        response: { 200: zMoveSectionData },
      },
    },
    async (request) => subjectPeriods.moveData(db, request.params.id),
  );

  app.post(
    '/MateriasPeriodo/move-inscription',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Mover alumnos a otra sección (subjectId: la sección destino)',
        body: zMoveInscription,
        response: { 200: zMoveInscriptionReply },
      },
    },
    async (request) => {
      const moved = await subjectPeriods.move(db, currentUser(request), request.body);
      app.waitlist.kick();
      return moved;
    },
  );

  app.get(
    '/MateriasPeriodo/:id',
    {
      config: { access: TEACHING },
      schema: { tags: TAGS, summary: 'Una materia por periodo', params: zIdParams, response: { 200: zMateriaPeriodo } },
    },
    async (request) => subjectPeriods.get(db, currentUser(request), request.params.id),
  );

  app.post(
    '/MateriasPeriodo',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Guardar una materia por periodo con sus profesores y horarios',
        body: zMateriaPeriodoSave,
        response: { 200: zIdReply },
      },
    },
    async (request) => {
      const { id } = await subjectPeriods.save(db, currentUser(request), request.body);
      // A raised cap or a first schedule may open seats for the waiting list.
      app.waitlist.kick();
      return { id };
    },
  );

  app.delete(
    '/MateriasPeriodo/:id',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Borrar una materia por periodo sin alumnos inscriptos',
        params: zIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await subjectPeriods.remove(db, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/MateriasPeriodo/:id/alumnos',
    {
      config: { access: TEACHING },
      schema: {
        tags: TAGS,
        summary: 'Alumnos de la materia con % PP y % Asistencia',
        params: zIdParams,
        body: zAlumnosMateriaRequest,
        response: { 200: zAlumnosMateriaPage },
      },
    },
    async (request) => subjectPeriods.alumnos(db, currentUser(request), request.params.id, request.body),
  );

  // The spec lists this call under studentSubjects; what it saves belongs to the subject-period's grades.
  app.post(
    '/studentsubjects/actualizar_notas',
    {
      config: { access: TEACHING },
      schema: {
        tags: TAGS,
        summary: 'Guardar % PP y/o % Asistencia de un alumno en una materia',
        body: zNotasSave,
        response: { 200: zAlumnoMateria },
      },
    },
    async (request) => subjectPeriods.saveNotas(db, currentUser(request), request.body),
  );

  app.get(
    '/MateriasPeriodo/:id/alumnos-download',
    {
      config: { access: REPORTS },
      schema: { tags: TAGS, summary: 'Descargar lista: Alumnos.xlsx', params: zIdParams },
    },
    async (request, reply) => sendAlumnosXlsx(reply, db, currentUser(request), request.params.id),
  );
};
