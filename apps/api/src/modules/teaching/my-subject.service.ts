import { DIAS_SEMANA, MSG_TEACHING as T, TIPO_TAREA_LABELS } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { PageQuery } from '../../lib/search.js';
import type { AuthUser } from '../auth/auth-user.js';
import { horariosOf } from '../subject-periods/materia-periodo.service.js';
import { estadoOf } from '../subject-periods/subject-periods.service.js';
import * as repo from './my-subject.repository.js';

/** The student's own enrolment in the subject-period; 404 for a subject they are not enrolled in. */
async function enrolmentOf(db: Db, user: AuthUser, materiaPeriodoId: number) {
  const own = await repo.ownEnrolment(db, user.id, materiaPeriodoId);
  if (!own) throw AppError.notFound(T.alumnoNoInscripto);
  return own.inscripcionId;
}

/** Subject detail for the student (spec 02 section 2): header, weekly hours, their own PP and attendance. */
export async function myMateria(db: Db, user: AuthUser, materiaPeriodoId: number) {
  const inscripcionId = await enrolmentOf(db, user, materiaPeriodoId);
  const [row, horarios] = await Promise.all([repo.findMyMateria(db, inscripcionId), horariosOf(db, materiaPeriodoId)]);
  const { estadoValue, fechaPublicado, fechaSellado, fechaExpiracion, ...rest } = row!;
  return {
    ...rest,
    estado: estadoOf(estadoValue),
    rendimientoAlumno: { fechaPublicado, fechaSellado, fechaExpiracion },
    horarios: horarios.map((h) => ({
      id: h.id,
      dia: { value: h.dia, label: DIAS_SEMANA[h.dia] ?? '' },
      horaInicio: h.horaInicio,
      horaFin: h.horaFin,
      aula: h.aula,
    })),
  };
}

export async function myHomework(db: Db, user: AuthUser, materiaPeriodoId: number, req: PageQuery<unknown>) {
  const inscripcionId = await enrolmentOf(db, user, materiaPeriodoId);
  const page = await repo.myHomework(db, inscripcionId, materiaPeriodoId, req.page, req.pageSize);
  return {
    totalItemsCount: page.totalItemsCount,
    items: page.items.map(({ tipoTarea, ...t }) => ({
      ...t,
      tipoTarea: { value: tipoTarea, label: TIPO_TAREA_LABELS[tipoTarea] ?? '' },
    })),
  };
}
