import { createHash } from 'node:crypto';
import {
  CALIFICACION_LABELS,
  calificacionPendiente,
  DIAS_SEMANA,
  ESTADO_EXAMEN_LABELS,
  EstadoExamen,
  examenEditable,
  examenHeld,
  examenScorable,
  INSTANCIA_EXAMEN_LABELS,
  MSG_EXAMENES,
  type ActaExtra,
  type ActaVerificacion,
  type Examen,
  type ExamenSave,
  type InscripcionExamen,
} from '@arandu/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { NOTA_APROBACION } from '../../db/schema/index.js';
import { writeTx } from '../../db/tx.js';
import { AppError, findPgError, PG, refusalOf } from '../../lib/errors.js';
import type { PageQuery } from '../../lib/search.js';
import { onlyOwn, calificacionesExamen } from '../access/access.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import { periodoOptions } from '../periods/periods.service.js';
import { deanName } from '../settings/dean.js';
import { getSettings } from '../settings/settings.service.js';
import { profesoresAmong, profesorOptions } from '../subject-periods/materia-periodo.service.js';
import { requireExamenHeld } from './exam-held.js';
import { rectificacionesDeActa } from './rectifications.repository.js';
import * as repo from './exams.repository.js';
import { withRectificacion } from './rectified-figures.js';

export const estadoExamenOf = (value: number) => ({ value, label: ESTADO_EXAMEN_LABELS[value] ?? '' });
export const instanciaOf = (value: number, motivo: string | null = null) => ({
  value,
  label: INSTANCIA_EXAMEN_LABELS[value] ?? '',
  item: { motivo },
});

/** Whether the row's grade is still to come (issue 34): told by its scores and its exam, not by the stored 0. */
export const gradePending = (row: Omit<repo.InscripcionDb, 'rectificacion'>, now = new Date()) =>
  calificacionPendiente(row, { estado: row.estadoExamen, fecha: row.fechaExamen }, now);

/** A row as the exam's screen shows it: an acta rectificativa's figures in place of the acta's, marked. */
export function toInscripcion(row: repo.InscripcionDb, now = new Date()): InscripcionExamen {
  const { instancia, email: _email, fechaExamen: _fecha, estadoExamen: _estado, ...rest } = withRectificacion(row);
  return { ...rest, calificacionPendiente: gradePending(row, now), instancia: instanciaOf(instancia) };
}

export async function list(db: Db, user: AuthUser, req: PageQuery<repo.ExamenListFilters>) {
  const page = await repo.listExamenes(db, req.page, req.pageSize, req.filters ?? {}, onlyOwn(user, 'exam-scores:any'));
  return {
    totalItemsCount: page.totalItemsCount,
    items: page.items.map(({ estadoValue, ...row }) => ({ ...row, estado: estadoExamenOf(estadoValue) })),
  };
}

/** The exam if the user may see it (staff, or a professor who scores it); anyone else's is a 404. */
export async function loadFor(db: DbOrTx, user: AuthUser, id: number, lock = false) {
  const found = await repo.findExamen(db, id, lock);
  if (!found || !(await calificacionesExamen(db, user, id))) throw AppError.notFound(MSG_EXAMENES.notFound);
  return found;
}

function toExamen(e: repo.ExamenDb, inscriptos: repo.InscripcionDb[], user: AuthUser): Examen {
  const { estado, semestre: _s, interventor: _i, interventorAuxiliar: _a, profesor: _p, ...rest } = e;
  return {
    ...rest,
    estado: estadoExamenOf(estado),
    modificado: estado === EstadoExamen.Inconsistente,
    // The route already checked the user scores this exam; only the state and the date can still forbid it.
    puedeCalificar: examenScorable(estado) && examenHeld(e.fecha, new Date()) && !!user,
    inscriptos: inscriptos.map((i) => toInscripcion(i)),
  };
}

export async function get(db: Db, user: AuthUser, id: number): Promise<Examen> {
  const e = await loadFor(db, user, id);
  return toExamen(e, await repo.inscriptosOf(db, id), user);
}

export async function formData(db: Db, periodoId: number | undefined) {
  const [carreras, periodos, profesores] = await Promise.all([
    repo.carreraOptions(db),
    periodoOptions(db),
    profesorOptions(db),
  ]);
  const materias = periodoId ? await repo.materiaOptions(db, periodoId) : [];
  return { carreras, periodos, materias, profesores };
}

function saveRefusal(err: unknown): AppError | undefined {
  const pg = findPgError(err);
  if (pg?.code === PG.checkViolation && pg.constraint === 'examenes_fecha_limite_ck') {
    return AppError.badField('fechaLimiteInscripcion', MSG_EXAMENES.fechaLimiteAfterFecha);
  }
  if (pg?.code === PG.foreignKeyViolation && pg.constraint?.includes('materia_periodo')) {
    return AppError.badField('materiaPeriodoId', MSG_EXAMENES.materiaRequired);
  }
  return refusalOf(err);
}

export async function save(db: Db, user: AuthUser, input: ExamenSave) {
  if (new Date(input.fechaLimiteInscripcion).getTime() > new Date(input.fecha).getTime()) {
    throw AppError.badField('fechaLimiteInscripcion', MSG_EXAMENES.fechaLimiteAfterFecha);
  }
  const people = [input.interventorId, input.interventorAuxiliarId, input.profesorId].filter((v): v is number => !!v);
  // Each signatory of the acta is a different person (issue 30): the later field of a repeated pair is marked.
  if (input.interventorAuxiliarId && input.interventorAuxiliarId === input.interventorId) {
    throw AppError.badField('interventorAuxiliarId', MSG_EXAMENES.samePersonTwice);
  }
  if (input.profesorId && [input.interventorId, input.interventorAuxiliarId].includes(input.profesorId)) {
    throw AppError.badField('profesorId', MSG_EXAMENES.samePersonTwice);
  }
  const profesores = await profesoresAmong(db, people);
  if (!profesores.has(input.interventorId)) {
    throw AppError.badField('interventorId', MSG_EXAMENES.interventorNotProfessor);
  }
  if (input.interventorAuxiliarId && !profesores.has(input.interventorAuxiliarId)) {
    throw AppError.badField('interventorAuxiliarId', MSG_EXAMENES.interventorNotProfessor);
  }
  if (input.profesorId && !profesores.has(input.profesorId)) {
    throw AppError.badField('profesorId', MSG_EXAMENES.profesorNotProfessor);
  }
  if (!(await repo.materiaPeriodoState(db, input.materiaPeriodoId))) {
    throw AppError.badField('materiaPeriodoId', MSG_EXAMENES.materiaRequired);
  }
  const values: repo.ExamenValues = {
    materiaPeriodoId: input.materiaPeriodoId,
    fecha: input.fecha,
    fechaLimiteInscripcion: input.fechaLimiteInscripcion,
    interventorId: input.interventorId,
    interventorAuxiliarId: input.interventorAuxiliarId ?? null,
    profesorId: input.profesorId ?? null,
    periodo: input.periodo,
    notasObservaciones: input.notasObservaciones,
    aula: input.aula,
    nroActa: input.nroActa,
  };
  try {
    return await writeTx(db, user.id, async (tx) => {
      if (!input.id) return { id: await repo.insertExamen(tx, values) };
      const current = await repo.findExamen(tx, input.id, true);
      if (!current) throw AppError.notFound(MSG_EXAMENES.notFound);
      if (!examenEditable(current.estado)) throw AppError.badRequest(MSG_EXAMENES.notActive);
      // Its enrolments hang on the subject enrolments of this subject-period: the subject stays.
      if (current.materiaPeriodoId !== values.materiaPeriodoId && current.cantidadInscriptos > 0) {
        throw AppError.badField('materiaPeriodoId', MSG_EXAMENES.notActive);
      }
      await repo.updateExamen(tx, input.id, values);
      return { id: input.id };
    });
  } catch (err) {
    throw saveRefusal(err) ?? err;
  }
}

export async function remove(db: Db, user: AuthUser, id: number) {
  try {
    await writeTx(db, user.id, async (tx) => {
      const current = await repo.findExamen(tx, id, true);
      if (!current) throw AppError.notFound(MSG_EXAMENES.notFound);
      if (current.estado !== EstadoExamen.Activo) throw AppError.badRequest(MSG_EXAMENES.deleteOnlyActive);
      await repo.deleteExamen(tx, id);
    });
  } catch (err) {
    // A reopened exam keeps the codes of its earlier actas: it is no longer a draft to throw away.
    if (findPgError(err)?.code === PG.foreignKeyViolation) throw AppError.badRequest(MSG_EXAMENES.deleteOnlyActive);
    throw err;
  }
}

/** A short hash of what the acta certifies (who got which figures in which exam) and when it was sealed. */
export function verificationCode(e: repo.ExamenDb, inscriptos: repo.InscripcionDb[], selladoEn: string): string {
  const content = JSON.stringify({
    examen: [e.id, e.materiaPeriodoId, e.fecha, e.nroActa],
    alumnos: inscriptos.map((i) => [
      i.perfilAlumnoId,
      i.instancia,
      i.porcentajeAsistencia,
      i.porcentajePP,
      i.porcentajePF,
      i.porcentajePC,
      i.calificacion,
    ]),
    selladoEn,
  });
  return createHash('sha256').update(content).digest('hex').slice(0, 12).toUpperCase();
}

/** 'Sellar examen': Activo or Inconsistente -> Sellado, with the acta's verification code (audited). */
export async function stamp(db: Db, user: AuthUser, id: number): Promise<Examen> {
  await writeTx(db, user.id, async (tx) => {
    const current = await repo.findExamen(tx, id, true);
    if (!current) throw AppError.notFound(MSG_EXAMENES.notFound);
    if (current.estado === EstadoExamen.Sellado) throw AppError.badRequest(MSG_EXAMENES.alreadySealed);
    requireExamenHeld(current);
    const inscriptos = await repo.inscriptosOf(tx, id);
    const fecha = new Date().toISOString();
    const codigo = verificationCode(current, inscriptos, fecha);
    await repo.setEstado(tx, id, EstadoExamen.Sellado, { fecha, codigo });
    await repo.insertActaSellada(tx, codigo, id, current.nroActa, fecha);
  });
  return get(db, user, id);
}

/**
 * 'Abrir examen': Sellado -> Activo, only for the root admin. The reopening is recorded (who, when, why) in
 * the append-only table the exam's trigger requires in the same transaction; the version's code then
 * verifies as 'Acta reemplazada'.
 */
export async function open(db: Db, user: AuthUser, id: number, motivo?: string, resolucion?: string): Promise<Examen> {
  if (!user.esAdminRoot) throw AppError.forbidden(MSG_EXAMENES.reopenRootOnly);
  await writeTx(db, user.id, async (tx) => {
    const current = await repo.findExamen(tx, id, true);
    if (!current) throw AppError.notFound(MSG_EXAMENES.notFound);
    if (current.estado !== EstadoExamen.Sellado || !current.codigoVerificacion) {
      throw AppError.badRequest(MSG_EXAMENES.notSealed);
    }
    await repo.insertReapertura(tx, {
      examenId: id,
      codigo: current.codigoVerificacion,
      usuarioId: user.id,
      motivo: motivo ?? null,
      resolucion: resolucion ?? null,
    });
    await repo.setEstado(tx, id, EstadoExamen.Activo, null);
    await repo.recomputeEstado(tx, id);
  });
  return get(db, user, id);
}

/** The public page of a sealed version: its summary, and whether a reopening replaced it. */
export async function verify(db: DbOrTx, code: string): Promise<ActaVerificacion> {
  const acta = await verifyActaIfAny(db, code);
  if (!acta) throw AppError.notFound(MSG_EXAMENES.verifyUnknown);
  return acta;
}

/** `verify` for the resolvers of /api/verificar: undefined when the code is not a sealed acta's. */
export async function verifyActaIfAny(db: DbOrTx, code: string): Promise<ActaVerificacion | undefined> {
  if (!/^[0-9A-Fa-f]{12}$/.test(code)) return undefined;
  const found = await repo.findActaSellada(db, code.toUpperCase());
  if (!found) return undefined;
  const rectificaciones = await rectificacionesDeActa(db, found.codigo);
  const { distribucion, fechaReapertura, codigoSiguiente, fechaSelladoSiguiente, ...rest } = found;
  return {
    ...rest,
    vigente: fechaReapertura === null,
    distribucion: distribucion
      ? Object.entries(distribucion)
          .map(([calificacion, cantidad]) => ({ calificacion: Number(calificacion), cantidad }))
          .sort((a, b) => a.calificacion - b.calificacion)
      : null,
    reemplazada:
      fechaReapertura === null
        ? null
        : { fechaReapertura, codigo: codigoSiguiente, fechaSellado: fechaSelladoSiguiente },
    rectificaciones,
  };
}

/** The observation column of the actas: the instance, or why a row is absent or failed. */
function observacion(i: repo.InscripcionDb): string {
  if (i.calificacion === 0) return 'Ausente';
  if (i.calificacion < NOTA_APROBACION) return 'Reprobado';
  return 'Aprobado';
}

const ACTA_INSTANCIA: Record<ActaExtra, number | undefined> = {
  inscriptos: undefined,
  all: undefined,
  final: 0,
  recuperatorio: 1,
};

/** Print data of the four records (spec 02 section 2). */
export async function acta(db: Db, user: AuthUser, id: number, extra: ActaExtra) {
  const e = await loadFor(db, user, id);
  const [inscriptos, settings, sellada, reapertura, decano] = await Promise.all([
    repo.inscriptosOf(db, id, ACTA_INSTANCIA[extra]),
    getSettings(db),
    repo.actaSelladaActual(db, id),
    repo.ultimaReapertura(db, id),
    deanName(db),
  ]);
  const { estado, ...rest } = e;
  return {
    facultad: settings.nombreFacultad,
    decano,
    examen: {
      ...rest,
      estado: estadoExamenOf(estado),
      modificado: estado === EstadoExamen.Inconsistente,
      digesto: sellada?.digesto ?? null,
      cantidadSellada: sellada?.cantidadAlumnos ?? null,
      reapertura: reapertura ?? null,
    },
    inscriptos: inscriptos.map((i) => {
      const pendiente = gradePending(i);
      return {
        id: i.id,
        apellido: i.apellido,
        nombre: i.nombre,
        numeroDocumento: i.numeroDocumento,
        porcentajeAsistencia: i.porcentajeAsistencia,
        porcentajePP: i.porcentajePP,
        porcentajePF: i.porcentajePF,
        porcentajePC: i.porcentajePC,
        calificacion: i.calificacion,
        calificacionPendiente: pendiente,
        calificacionLetras: pendiente ? '' : (CALIFICACION_LABELS[i.calificacion] ?? ''),
        instancia: instanciaOf(i.instancia),
        observacion: pendiente ? '' : observacion(i),
      };
    }),
  };
}

export async function horarios(db: Db, materiaPeriodoId: number) {
  const list = await repo.horariosMateria(db, materiaPeriodoId);
  return list.map((h) => ({ ...h, dia: DIAS_SEMANA[h.dia] ?? '' }));
}
