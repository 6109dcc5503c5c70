import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zExcepcionCorrelativaList,
  zExcepcionCorrelativaSave,
  zIdParams,
  zIdReply,
  zMalla,
  zMallaFormData,
  zMallaListRequest,
  zMallaMateriaListRequest,
  zMallaMateriaParams,
  zMallaMateriaPage,
  zMallaMateriaSave,
  zMallaPage,
  zMallaSave,
} from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import { grantException, listExceptions } from './correlatives.js';
import * as mallas from './mallas.service.js';

const STAFF = ['structure:manage'] as const;
const TAGS = ['mallas'];

/** Curricula (`/api/mallas`) and their subject tables: staff only (DOMAIN.md section 2). */
export const mallasRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/mallas/all',
    {
      config: { access: STAFF },
      schema: { tags: TAGS, summary: 'Lista de mallas', body: zMallaListRequest, response: { 200: zMallaPage } },
    },
    async (request) => mallas.list(db, request.body),
  );

  app.get(
    '/mallas/form_data',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Carreras y materias para el formulario de malla',
        response: { 200: zMallaFormData },
      },
    },
    async () => mallas.formData(db),
  );

  app.get(
    '/mallas/:id',
    {
      config: { access: STAFF },
      schema: { tags: TAGS, summary: 'Una malla', params: zIdParams, response: { 200: zMalla } },
    },
    async (request) => mallas.get(db, request.params.id),
  );

  app.post(
    '/mallas',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Guardar una malla (nueva sin id)',
        body: zMallaSave,
        response: { 200: zIdReply },
      },
    },
    async (request) => mallas.save(db, currentUser(request), request.body),
  );

  app.delete(
    '/mallas/:id',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Borrar una malla sin alumnos ni materias ofrecidas',
        params: zIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await mallas.remove(db, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/mallas/:id/materias/all',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Materias de la malla (semestre, código, área, horas)',
        params: zIdParams,
        body: zMallaMateriaListRequest,
        response: { 200: zMallaMateriaPage },
      },
    },
    async (request) => mallas.listMaterias(db, request.params.id, request.body),
  );

  app.post(
    '/mallas/:id/materias',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Agregar o editar una materia de la malla',
        params: zIdParams,
        body: zMallaMateriaSave,
        response: { 200: zIdReply },
      },
    },
    async (request) => mallas.saveMateria(db, currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/mallas/:id/materias/:materiaMallaId/excepciones',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Excepción de correlativas: un alumno cursa la materia sin sus correlativas (motivo obligatorio)',
        params: zMallaMateriaParams,
        body: zExcepcionCorrelativaSave,
        response: { 200: zIdReply },
      },
    },
    async (request) =>
      grantException(db, currentUser(request), request.params.id, request.params.materiaMallaId, request.body),
  );

  app.get(
    '/mallas/:id/materias/:materiaMallaId/excepciones',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Excepciones de correlativas otorgadas para una materia de la malla (la más reciente primero)',
        params: zMallaMateriaParams,
        response: { 200: zExcepcionCorrelativaList },
      },
    },
    async (request) => listExceptions(db, request.params.id, request.params.materiaMallaId),
  );

  app.delete(
    '/mallas/materias/:id',
    {
      config: { access: STAFF },
      schema: {
        tags: TAGS,
        summary: 'Quitar una materia de la malla (id de la materia de la malla)',
        params: zIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await mallas.removeMateria(db, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
