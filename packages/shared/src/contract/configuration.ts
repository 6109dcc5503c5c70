import { zConfiguracion, zConfiguracionSave, zMembrete } from '../schemas/configuration.js';
import { endpoint } from './endpoint.js';

const ADMIN = ['settings:manage'] as const;
const tags = ['configuracion'] as const;

/** 'Configuración' (issue 30): the academic figures and the letterhead, for administrators. */
export const configurationEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/configuracion',
    access: ADMIN,
    tags,
    summary: 'Cifras académicas y membrete vigentes',
    reply: zConfiguracion,
  }),
  save: endpoint({
    method: 'PUT',
    path: '/configuracion',
    access: ADMIN,
    tags,
    summary: 'Guardar cifras académicas y membrete (auditado; rige sin reiniciar)',
    body: zConfiguracionSave,
    reply: zConfiguracion,
    errors: [400],
  }),
  membrete: endpoint({
    method: 'GET',
    path: '/configuracion/membrete',
    access: 'public',
    tags,
    summary: 'Membrete de actas y certificados: universidad, facultad, decano',
    reply: zMembrete,
  }),
  /** Shown by an <img> (public, so no bearer token is needed), not fetched by the web's code. */
  logo: endpoint({
    method: 'GET',
    path: '/configuracion/logo',
    access: 'public',
    tags,
    summary: 'Logo del membrete (image/png)',
    reply: null,
    download: true,
  }),
  uploadLogo: endpoint({
    method: 'PUT',
    path: '/configuracion/logo',
    access: ADMIN,
    tags,
    summary: 'Subir el logo (multipart, campo files): png o jpeg de hasta 1 MB',
    multipart: true,
    reply: null,
    status: 204,
    errors: [400],
  }),
  removeLogo: endpoint({
    method: 'DELETE',
    path: '/configuracion/logo',
    access: ADMIN,
    tags,
    summary: 'Quitar el logo',
    reply: null,
    status: 204,
  }),
};
