import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ENROL_MSG,
  zError,
  zIdParams,
  zIdReply,
  zInscripcionDetail,
  zInscripcionFormData,
  zInscripcionListFormData,
  zInscripcionListRequest,
  zInscripcionPage,
  zInscripcionSave,
  zInscriptionAllSubjects,
  zMiMalla,
  zMyStudent,
  zSaveInscription,
  zSaveInscriptionReply,
  zValidarReply,
  zSubjectsBySemesters,
  zTableroAlumno,
  zToggleTablero,
  zToggleTableroReply,
} from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import * as enrolments from './enrolments.service.js';

/** Staff enrol any student; a student enrols themselves (the service checks whose profile it is). */
const ENROLMENT = ['enrolment:any', 'enrolment:own'] as const;
const STAFF = ['enrolment:any'] as const;
const OWN = ['enrolment:own'] as const;
const TAGS = ['inscripciones a materias'];
const MALLA_PARAMS = z.object({ mallaId: zIdParams.shape.id });
const PERFIL_PARAMS = z.object({ perfilAlumnoId: zIdParams.shape.id });

/** Subject enrolment (spec 02 section 7, `studentSubjects`), the student's dashboard and 'Mi Malla'. */
export const enrolmentsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/studentsubjects/subjects_by_semesters/:perfilAlumnoId',
    {
      config: { access: ENROLMENT },
      schema: {
        tags: TAGS,
        summary: 'Materias del periodo activo de la malla del alumno, por semestre',
        params: PERFIL_PARAMS,
        response: { 200: zSubjectsBySemesters },
      },
    },
    async (request) => enrolments.subjectsBySemesters(db, currentUser(request), request.params.perfilAlumnoId),
  );

  app.post(
    '/studentsubjects/save-inscription',
    {
      config: { access: ENROLMENT },
      schema: {
        tags: TAGS,
        summary: 'Inscribir o quitar materias: una línea de éxito o error por materia',
        body: zSaveInscription,
        response: { 200: zSaveInscriptionReply, 400: zError },
      },
    },
    async (request) => {
      const lines = await enrolments.saveInscription(db, currentUser(request), request.body);
      // A seat freed: the waiting list's first in line gets it offered.
      if (lines.some((l) => l.success === ENROL_MSG.lineUnenrolled)) app.waitlist.kick();
      return lines;
    },
  );

  app.post(
    '/studentsubjects/validar',
    {
      config: { access: ENROLMENT },
      schema: {
        tags: TAGS,
        summary: 'Validar una selección sin guardarla: cada materia con todos los motivos que la impiden',
        body: zSaveInscription,
        response: { 200: zValidarReply, 400: zError },
      },
    },
    async (request) => enrolments.validateInscription(db, currentUser(request), request.body),
  );

  app.post(
    '/studentsubjects/all',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Inscripciones a materias de todos los alumnos',
        body: zInscripcionListRequest,
        response: { 200: zInscripcionPage },
      },
    },
    async (request) => enrolments.listAll(db, request.body),
  );

  app.post(
    '/studentsubjects/all-my-subjects',
    {
      config: { access: OWN },
      schema: {
        tags: TAGS,
        summary: 'Mis Materias: las inscripciones del alumno',
        body: zInscripcionListRequest,
        response: { 200: zInscripcionPage },
      },
    },
    async (request) => enrolments.listMine(db, currentUser(request), request.body),
  );

  app.get(
    '/studentsubjects/list-form-data',
    {
      config: { access: ENROLMENT },
      schema: {
        tags: TAGS,
        summary: 'Periodos y semestres para filtrar la lista',
        response: { 200: zInscripcionListFormData },
      },
    },
    async (request) => enrolments.listFormData(db, currentUser(request)),
  );

  app.post(
    '/studentsubjects/add_subject_dashboard',
    {
      config: { access: OWN },
      schema: {
        tags: TAGS,
        summary: 'Marcar o desmarcar una materia para el Tablero (id de la inscripción)',
        body: zToggleTablero,
        response: { 200: zToggleTableroReply },
      },
    },
    async (request) => enrolments.toggleTablero(db, currentUser(request), request.body.id),
  );

  app.get(
    '/studentsubjects/new-inscription-form-data',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Mallas, semestres y periodo para una nueva inscripción',
        response: { 200: zInscripcionFormData },
      },
    },
    async () => enrolments.formData(db),
  );

  app.get(
    '/studentsubjects/inscription-form-data',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Mallas, semestres y periodo para editar una inscripción',
        response: { 200: zInscripcionFormData },
      },
    },
    async () => enrolments.formData(db),
  );

  app.get(
    '/studentsubjects/inscription-all-subjects/:mallaId',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Materias del periodo activo de una malla',
        params: MALLA_PARAMS,
        response: { 200: zInscriptionAllSubjects },
      },
    },
    async (request) => enrolments.allSubjects(db, request.params.mallaId),
  );

  app.get(
    '/studentsubjects/my-student',
    {
      config: { access: OWN },
      schema: { tags: TAGS, summary: 'La ficha de alumno del usuario', response: { 200: zMyStudent } },
    },
    async (request) => enrolments.myStudent(db, currentUser(request)),
  );

  app.get(
    '/studentsubjects/my-malla',
    {
      config: { access: OWN },
      schema: {
        tags: TAGS,
        summary: 'Mi Malla: las materias de la malla del alumno y su avance',
        response: { 200: zMiMalla },
      },
    },
    async (request) => enrolments.miMalla(db, currentUser(request)),
  );

  app.get(
    '/students/materias-tablero-alumno',
    {
      config: { access: OWN },
      schema: {
        tags: TAGS,
        summary: 'Tablero: las materias marcadas por el alumno',
        response: { 200: zTableroAlumno },
      },
    },
    async (request) => enrolments.tablero(db, currentUser(request)),
  );

  app.get(
    '/studentsubjects/:id',
    {
      config: { access: ENROLMENT },
      schema: {
        tags: TAGS,
        summary: 'Una inscripción a materia',
        params: zIdParams,
        response: { 200: zInscripcionDetail },
      },
    },
    async (request) => enrolments.get(db, currentUser(request), request.params.id),
  );

  app.post(
    '/studentsubjects',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Nueva inscripción (Admin) o cambio de materia de una inscripción',
        body: zInscripcionSave,
        response: { 200: zIdReply, 400: zError },
      },
    },
    async (request) => {
      const saved = await enrolments.save(db, currentUser(request), request.body);
      app.waitlist.kick(); // a moved enrolment frees a seat in its old section
      return saved;
    },
  );

  app.delete(
    '/studentsubjects/:id',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Borrar una inscripción sin notas ni asistencias',
        params: zIdParams,
        response: { 204: z.null(), 400: zError },
      },
    },
    async (request, reply) => {
      await enrolments.remove(db, currentUser(request), request.params.id);
      app.waitlist.kick();
      return reply.status(204).send(null);
    },
  );
};
