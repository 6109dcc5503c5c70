import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zIdParams,
  zIdReply,
  zPeriodo,
  zPeriodoEditSubjectsFormData,
  zPeriodoFormData,
  zPeriodoListRequest,
  zPeriodoPage,
  zPeriodoSave,
  zPeriodoSaveSubjects,
  zPeriodoSubjectSelection,
} from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import * as periods from './periods.service.js';

const STAFF = ['structure:manage'] as const;
const TAGS = ['periodos'];

/** Periods (`/api/periodos`) and the subjects they offer: staff only (DOMAIN.md section 2). */
export const periodsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/periodos/all',
    {
      config: { access: STAFF },
      schema: { tags: TAGS, summary: 'Lista de periodos', body: zPeriodoListRequest, response: { 200: zPeriodoPage } },
    },
    async (request) => periods.list(db, request.body),
  );

  app.get(
    '/periodos/form_data',
    {
      config: { access: STAFF },
      schema: { tags: TAGS, summary: 'Periodos, años lectivos y carreras', response: { 200: zPeriodoFormData } },
    },
    async () => periods.formData(db),
  );

  app.get(
    '/periodos/form_data_edit_subjects/:id',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'El periodo y las carreras para elegir sus materias',
        params: zIdParams,
        response: { 200: zPeriodoEditSubjectsFormData },
      },
    },
    async (request) => periods.editSubjectsFormData(db, request.params.id),
  );

  app.get(
    '/periodos/subjects_by_semesters/:periodoId/:carreraId',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Materias por semestre, marcadas si el periodo las ofrece (carreraId 0: todas)',
        params: z.object({
          periodoId: z.coerce.number().int().positive(),
          carreraId: z.coerce.number().int().min(0),
        }),
        response: { 200: zPeriodoSubjectSelection },
      },
    },
    async (request) => periods.subjectsBySemesters(db, request.params.periodoId, request.params.carreraId),
  );

  app.post(
    '/periodos/save_subjects',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Guardar las materias del periodo (materiasModificadas)',
        body: zPeriodoSaveSubjects,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await periods.saveSubjects(db, currentUser(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/periodos/:id',
    {
      config: { access: STAFF },
      schema: { tags: TAGS, summary: 'Un periodo', params: zIdParams, response: { 200: zPeriodo } },
    },
    async (request) => periods.get(db, request.params.id),
  );

  app.post(
    '/periodos',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Guardar un periodo (nuevo sin id)',
        body: zPeriodoSave,
        response: { 200: zIdReply },
      },
    },
    async (request) => periods.save(db, currentUser(request), request.body),
  );

  app.delete(
    '/periodos/:id',
    {
      config: { access: STAFF },
      schema: { tags: TAGS, summary: 'Borrar un periodo sin materias', params: zIdParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await periods.remove(db, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
