import { z } from 'zod';
import { zIdParams } from '../schemas/common.js';
import { zIdReply } from '../schemas/options.js';
import {
  zPeriodo,
  zPeriodoEditMateriasFormData,
  zPeriodoFormData,
  zPeriodoListRequest,
  zPeriodoMateriaListRequest,
  zPeriodoMateriaPage,
  zPeriodoPage,
  zPeriodoSave,
  zPeriodoSaveMaterias,
  zPeriodoMateriaSelection,
} from '../schemas/periods.js';
import { endpoint } from './endpoint.js';

const STAFF = ['structure:manage'] as const;
const tags = ['periodos'] as const;

/**
 * Periods (`/api/periodos`) and the subjects they offer: staff only (DOMAIN.md section 2). The API serves the
 * last two (a period's subject-periods) from the subject-periods module, which owns them.
 */
export const periodoEndpoints = {
  list: endpoint({
    method: 'POST',
    path: '/periodos/all',
    access: STAFF,
    tags,
    summary: 'Lista de periodos',
    body: zPeriodoListRequest,
    reply: zPeriodoPage,
  }),
  formData: endpoint({
    method: 'GET',
    path: '/periodos/form_data',
    access: STAFF,
    tags,
    summary: 'Periodos, años lectivos y carreras',
    reply: zPeriodoFormData,
  }),
  editSubjectsFormData: endpoint({
    method: 'GET',
    path: '/periodos/form_data_edit_subjects/:id',
    access: STAFF,
    tags,
    summary: 'El periodo y las carreras para elegir sus materias',
    params: zIdParams,
    reply: zPeriodoEditMateriasFormData,
  }),
  subjectsBySemesters: endpoint({
    method: 'GET',
    path: '/periodos/subjects_by_semesters/:periodoId/:carreraId',
    access: STAFF,
    tags,
    summary: 'Materias por semestre, marcadas si el periodo las ofrece (carreraId 0: todas)',
    params: z.object({
      periodoId: z.coerce.number().int().positive(),
      carreraId: z.coerce.number().int().min(0),
    }),
    reply: zPeriodoMateriaSelection,
  }),
  saveSubjects: endpoint({
    method: 'POST',
    path: '/periodos/save_subjects',
    access: STAFF,
    tags,
    summary: 'Guardar las materias del periodo (materiasModificadas)',
    body: zPeriodoSaveMaterias,
    reply: null,
    status: 204,
  }),
  get: endpoint({
    method: 'GET',
    path: '/periodos/:id',
    access: STAFF,
    tags,
    summary: 'Un periodo',
    params: zIdParams,
    reply: zPeriodo,
  }),
  save: endpoint({
    method: 'POST',
    path: '/periodos',
    access: STAFF,
    tags,
    summary: 'Guardar un periodo (nuevo sin id)',
    body: zPeriodoSave,
    reply: zIdReply,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/periodos/:id',
    access: STAFF,
    tags,
    summary: 'Borrar un periodo sin materias',
    params: zIdParams,
    reply: null,
    status: 204,
  }),
  listMaterias: endpoint({
    method: 'POST',
    path: '/periodos/:id/materias/all',
    access: STAFF,
    tags,
    summary: 'Detalle de materias del periodo',
    params: zIdParams,
    body: zPeriodoMateriaListRequest,
    reply: zPeriodoMateriaPage,
  }),
  removeMateria: endpoint({
    method: 'DELETE',
    path: '/periodos/materias/:id',
    access: STAFF,
    tags,
    summary: 'Quitar una materia del periodo (id de la materia por periodo)',
    params: zIdParams,
    reply: null,
    status: 204,
  }),
};
