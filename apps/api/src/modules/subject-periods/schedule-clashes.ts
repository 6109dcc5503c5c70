import { AULA_MSG, Role, slotText } from '@arandu/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import { AppError } from '../../lib/errors.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { HorarioValues } from './subject-periods.repository.js';
import type { WriteTx } from '../../db/tx.js';
import { materiaJoin } from '../access/access.sql.js';

/**
 * Schedules that cannot collide (issues 29 and 45): a class slot set on a subject-period may not put its
 * professor in another section of the same period at that time, nor take a room (aulas, by id) another section
 * holds then. A shared room is allowed to an Admin with a reason (audited); a professor's clash never: a person
 * cannot teach in two rooms, and two sections taught together share one room, which is the room's override.
 * Only the slots being written now are checked, so a clash the data already had does not block editing something
 * else of the section. Schedule writes of one period take an advisory lock first and check inside the same
 * transaction, so two sections saved at once cannot both pass (test schedule-clashes-race on PostgreSQL).
 */
const SCHEDULE_LOCKS = 0x41524853; // 'ARHS'

interface Clash {
  profesorClash: boolean;
  profesor: string;
  aula: string | null;
  otra: string;
  dia: number;
  inicio: string;
  fin: string;
}

export async function lockPeriodoSchedules(db: DbOrTx, periodoId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${SCHEDULE_LOCKS}::int, ${periodoId}::int)`);
}

async function clashesOf(db: DbOrTx, materiaPeriodoId: number, periodoId: number, slots: HorarioValues[]) {
  if (slots.length === 0) return [];
  const wanted = slots.map((h) => ({
    profesor_id: h.profesorId,
    aula_id: h.aulaId,
    dia: h.dia,
    inicio: h.horaInicio,
    fin: h.horaFin,
  }));
  return rows<Clash & Record<string, unknown>>(
    db,
    sql`select (h.profesor_id = v.profesor_id) as "profesorClash",
               u.apellido || ', ' || u.nombre as profesor, a.nombre as aula,
               m.nombre || ' (' || mp.seccion || ')' as otra, h.dia::int as dia,
               to_char(h.hora_inicio, 'HH24:MI') as inicio, to_char(h.hora_fin, 'HH24:MI') as fin
          from jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb)
               as v(profesor_id int, aula_id int, dia int, inicio time, fin time)
          join horarios h on h.dia = v.dia and h.hora_inicio < v.fin and v.inicio < h.hora_fin
          join materias_periodo mp on mp.id = h.materia_periodo_id
          ${materiaJoin()}
          join usuarios u on u.id = h.profesor_id
          left join aulas a on a.id = h.aula_id
         where mp.periodo_id = ${periodoId} and mp.id <> ${materiaPeriodoId}
           and (h.profesor_id = v.profesor_id or h.aula_id = v.aula_id)
         order by "profesorClash" desc, otra`,
  );
}

/**
 * Refuses the slots that collide (400 naming the other class and its slot: 'El aula B-12 está ocupada los
 * lunes 07:00-08:30 por Cálculo II (A)'); answers the room clashes an Admin allowed with `motivoAulaCompartida`,
 * for the caller to audit.
 */
export async function checkClashes(
  db: DbOrTx,
  user: AuthUser,
  materiaPeriodoId: number,
  periodoId: number,
  slots: HorarioValues[],
  motivoAulaCompartida: string | null | undefined,
): Promise<Clash[]> {
  const found = await clashesOf(db, materiaPeriodoId, periodoId, slots);
  const profesor = found.find((c) => c.profesorClash);
  if (profesor) {
    throw AppError.badRequest(
      AULA_MSG.profesorClash(profesor.profesor, slotText(profesor.dia, profesor.inicio, profesor.fin), profesor.otra),
    );
  }
  const rooms = found.filter((c) => !c.profesorClash);
  if (rooms.length === 0) return rooms;
  const first = rooms[0]!;
  const clash = AULA_MSG.aulaClash(first.aula ?? '', slotText(first.dia, first.inicio, first.fin), first.otra);
  if (!motivoAulaCompartida?.trim()) throw AppError.badRequest(clash);
  if (!user.roles.includes(Role.Admin)) throw AppError.badRequest(`${clash}. ${AULA_MSG.overrideAdminOnly}`);
  return rooms;
}

/** The audit entry of a room shared on purpose, with the Admin's reason. */
export async function auditSharedRoom(
  db: WriteTx,
  entry: { usuarioId: number; materiaPeriodoId: number; motivo: string; clashes: Clash[] },
): Promise<void> {
  const values = {
    motivo: entry.motivo,
    compartidaCon: entry.clashes.map((c) => `${c.aula}: ${c.otra} ${slotText(c.dia, c.inicio, c.fin)}`),
  };
  await db.execute(
    sql`insert into auditoria (usuario_id, tipo, nombre_tabla, clave_primaria, columnas_afectadas, valores_nuevos)
        values (${entry.usuarioId}, 'INSERT', 'aulas_compartidas', ${String(entry.materiaPeriodoId)},
                array['motivo', 'compartidaCon'], ${JSON.stringify(values)}::jsonb)`,
  );
}

/**
 * The section's rooms too small for its cupo: a warning, not a refusal (a section may be split later, and the
 * cupo counts students who do not all come to every class). Rooms without a known capacity say nothing.
 */
export async function capacityWarnings(db: DbOrTx, materiaPeriodoId: number): Promise<string[]> {
  const found = await rows<{ aula: string; capacidad: number; cupo: number }>(
    db,
    sql`select distinct a.nombre as aula, a.capacidad, mp.cupo
          from horarios h join aulas a on a.id = h.aula_id join materias_periodo mp on mp.id = h.materia_periodo_id
         where h.materia_periodo_id = ${materiaPeriodoId} and mp.cupo > a.capacidad
         order by a.nombre`,
  );
  return found.map((r) => AULA_MSG.capacidadExcedida(r.aula, r.capacidad, r.cupo));
}
