import { CUPO_MSG } from '@arandu/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import { AppError } from '../../lib/errors.js';
import type { HorarioValues } from './subject-periods.repository.js';
import type { WriteTx } from '../../db/tx.js';
import { materiaJoin } from '../access/access.sql.js';

/**
 * Schedules that cannot collide (issue 29): a class slot set on a subject-period may not put its professor in
 * another section of the same period at that time, nor take a room another section holds then. A shared room
 * is allowed with staff's reason (audited); a professor's clash never. Only the slots being written now are
 * checked, so a clash the data already had does not block editing something else of the section. Schedule
 * writes of one period take an advisory lock first, so two sections saved at once cannot both pass.
 */
const SCHEDULE_LOCKS = 0x41524853; // 'ARHS'

interface Clash {
  profesorClash: boolean;
  profesor: string;
  aula: string | null;
  otra: string;
}

export async function lockPeriodoSchedules(db: DbOrTx, periodoId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${SCHEDULE_LOCKS}::int, ${periodoId}::int)`);
}

async function clashesOf(db: DbOrTx, materiaPeriodoId: number, periodoId: number, slots: HorarioValues[]) {
  if (slots.length === 0) return [];
  const wanted = slots.map((h) => ({
    profesor_id: h.profesorId,
    aula: h.aula?.trim() ? h.aula.trim() : null,
    dia: h.dia,
    inicio: h.horaInicio,
    fin: h.horaFin,
  }));
  return rows<Clash & Record<string, unknown>>(
    db,
    sql`select (h.profesor_id = v.profesor_id) as "profesorClash",
               u.apellido || ', ' || u.nombre as profesor, h.aula,
               m.nombre || ' (' || mp.seccion || ')' as otra
          from jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb)
               as v(profesor_id int, aula text, dia int, inicio time, fin time)
          join horarios h on h.dia = v.dia and h.hora_inicio < v.fin and v.inicio < h.hora_fin
          join materias_periodo mp on mp.id = h.materia_periodo_id
          ${materiaJoin()}
          join usuarios u on u.id = h.profesor_id
         where mp.periodo_id = ${periodoId} and mp.id <> ${materiaPeriodoId}
           and (h.profesor_id = v.profesor_id
                or (v.aula is not null and lower(btrim(h.aula)) = lower(v.aula)))
         order by "profesorClash" desc, otra`,
  );
}

/**
 * Refuses the slots that collide (400 naming the other section); answers the room clashes allowed by
 * `motivoAulaCompartida`, for the caller to audit.
 */
export async function checkClashes(
  db: DbOrTx,
  materiaPeriodoId: number,
  periodoId: number,
  slots: HorarioValues[],
  motivoAulaCompartida: string | null | undefined,
): Promise<Clash[]> {
  const found = await clashesOf(db, materiaPeriodoId, periodoId, slots);
  const profesor = found.find((c) => c.profesorClash);
  if (profesor) throw AppError.badRequest(CUPO_MSG.profesorClash(profesor.profesor, profesor.otra));
  const rooms = found.filter((c) => !c.profesorClash);
  if (rooms.length > 0 && !motivoAulaCompartida?.trim()) {
    throw AppError.badRequest(CUPO_MSG.aulaClash(rooms[0]!.aula ?? '', rooms[0]!.otra));
  }
  return rooms;
}

/** The audit entry of a room shared on purpose, with staff's reason. */
export async function auditSharedRoom(
  db: WriteTx,
  entry: { usuarioId: number; materiaPeriodoId: number; motivo: string; clashes: Clash[] },
): Promise<void> {
  const values = { motivo: entry.motivo, compartidaCon: entry.clashes.map((c) => `${c.aula}: ${c.otra}`) };
  await db.execute(
    sql`insert into auditoria (usuario_id, tipo, nombre_tabla, clave_primaria, columnas_afectadas, valores_nuevos)
        values (${entry.usuarioId}, 'INSERT', 'aulas_compartidas', ${String(entry.materiaPeriodoId)},
                array['motivo', 'compartidaCon'], ${JSON.stringify(values)}::jsonb)`,
  );
}
