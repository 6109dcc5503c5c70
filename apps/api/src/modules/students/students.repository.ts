import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { carreras, inscripcionesMateria, mallas, perfilesAlumno, usuarios } from '../../db/schema/index.js';
import { rows } from '../../db/sql.js';
import { containsPattern, matchesWords, offsetOf, searchWords } from '../../lib/search.js';
import { documentoLabel } from '../../lib/documento-sql.js';
import type { WriteTx } from '../../db/tx.js';

export interface AlumnoListQuery {
  page: number;
  pageSize: number;
  search?: string | undefined;
  mallaId?: number | undefined;
  carreraId?: number | undefined;
}

export interface AlumnoListRow {
  [key: string]: unknown;
  id: number;
  numeroLegajo: number;
  numeroDocumento: string;
  nombre: string;
  apellido: string;
  malla: string;
  carrera: string;
  usuarioId: number;
  mallaId: number;
  total: number;
}

/**
 * 'Alumnos del Sistema', in legajo order (the registry's own order; its unique index hands out any page
 * without sorting the faculty). Each search word must appear in the legajo or in the user's `busqueda`
 * (document, name, surname, e-mail); the users that match are found once per word, apart from the join.
 * The total comes from a count beside the page, or from `count(*) over ()` of the matches when searching.
 */
export async function listAlumnos(db: DbOrTx, q: AlumnoListQuery): Promise<AlumnoListRow[]> {
  const where: SQL[] = [sql`true`];
  for (const word of searchWords(q.search)) {
    const pattern = containsPattern(word);
    const byUser = sql`pa.usuario_id in (select w.id from usuarios w where w.busqueda like sin_acentos(${pattern}))`;
    // Only digits can be part of a legajo.
    where.push(/^\d+$/.test(word) ? sql`(${byUser} or pa.numero_legajo::text like ${pattern})` : byUser);
  }
  if (q.mallaId) where.push(sql`pa.malla_id = ${q.mallaId}`);
  if (q.carreraId) where.push(sql`pa.malla_id in (select mc.id from mallas mc where mc.carrera_id = ${q.carreraId})`);
  const filter = sql.join(where, sql` and `);
  const page = sql`limit ${q.pageSize} offset ${offsetOf(q.page, q.pageSize)}`;
  const pagina = q.search?.trim()
    ? sql`encontrados as materialized (select pa.* from perfiles_alumno pa where ${filter}),
          pagina as (select e.*, count(*) over () as total from encontrados e order by e.numero_legajo ${page})`
    : sql`pagina as (select pa.*, (select count(*) from perfiles_alumno pa where ${filter}) as total
                       from perfiles_alumno pa where ${filter} order by pa.numero_legajo ${page})`;
  return rows<AlumnoListRow>(
    db,
    sql`with ${pagina}
        select p.id, p.numero_legajo as "numeroLegajo", u.numero_documento as "numeroDocumento", u.nombre,
               u.apellido, m.nombre as malla, c.nombre as carrera, p.usuario_id as "usuarioId",
               p.malla_id as "mallaId", p.total::int as total
          from pagina p
          join usuarios u on u.id = p.usuario_id
          join mallas m on m.id = p.malla_id
          join carreras c on c.id = m.carrera_id
         order by p.numero_legajo`,
  );
}

const detailColumns = {
  id: perfilesAlumno.id,
  numeroLegajo: perfilesAlumno.numeroLegajo,
  usuarioId: perfilesAlumno.usuarioId,
  nombre: usuarios.nombre,
  apellido: usuarios.apellido,
  numeroDocumento: usuarios.numeroDocumento,
  mallaId: perfilesAlumno.mallaId,
  malla: mallas.nombre,
  carrera: carreras.nombre,
  fechaIngreso: perfilesAlumno.fechaIngreso,
};

export async function findAlumno(db: DbOrTx, id: number) {
  const [row] = await db
    .select(detailColumns)
    .from(perfilesAlumno)
    .innerJoin(usuarios, eq(usuarios.id, perfilesAlumno.usuarioId))
    .innerJoin(mallas, eq(mallas.id, perfilesAlumno.mallaId))
    .innerJoin(carreras, eq(carreras.id, mallas.carreraId))
    .where(eq(perfilesAlumno.id, id))
    .limit(1);
  return row;
}

export async function findAlumnoForUpdate(db: DbOrTx, id: number) {
  const [row] = await db.select().from(perfilesAlumno).where(eq(perfilesAlumno.id, id)).limit(1).for('update');
  return row;
}

export async function findUserForAlumno(db: DbOrTx, usuarioId: number) {
  const [row] = await db
    .select({ id: usuarios.id, esAlumno: usuarios.esAlumno })
    .from(usuarios)
    .where(eq(usuarios.id, usuarioId))
    .limit(1);
  return row;
}

export async function mallaExists(db: DbOrTx, mallaId: number): Promise<boolean> {
  const [row] = await db.select({ id: mallas.id }).from(mallas).where(eq(mallas.id, mallaId)).limit(1);
  return !!row;
}

export type AlumnoValues = Omit<typeof perfilesAlumno.$inferInsert, 'id'>;

export async function insertAlumno(db: WriteTx, values: AlumnoValues): Promise<number> {
  const [row] = await db.insert(perfilesAlumno).values(values).returning({ id: perfilesAlumno.id });
  return row!.id;
}

export async function updateAlumno(db: WriteTx, id: number, values: Partial<AlumnoValues>): Promise<void> {
  await db.update(perfilesAlumno).set(values).where(eq(perfilesAlumno.id, id));
}

export async function hasEnrolments(db: DbOrTx, perfilAlumnoId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: inscripcionesMateria.id })
    .from(inscripcionesMateria)
    .where(eq(inscripcionesMateria.perfilAlumnoId, perfilAlumnoId))
    .limit(1);
  return !!row;
}

export async function deleteAlumno(db: WriteTx, id: number): Promise<void> {
  await db.delete(perfilesAlumno).where(eq(perfilesAlumno.id, id));
}

/**
 * Students to choose for a record: users with the Alumno role and no record yet, found by text; the record's
 * own user (`includeId`) always comes first.
 */
export async function alumnoOptions(db: DbOrTx, search: string | undefined, limit: number, includeId?: number) {
  const where: SQL[] = [sql`u.es_alumno`, sql`u.activo`, ...matchesWords(sql`u.busqueda`, search)];
  const label = sql`u.apellido || ', ' || u.nombre || ' - ' || ${documentoLabel(sql`u.numero_documento`)}`;
  const free = sql`not exists (select 1 from perfiles_alumno pa where pa.usuario_id = u.id)`;
  return rows<{ value: number; label: string }>(
    db,
    sql`select value, label from (
          select u.id as value, ${label} as label, 0 as orden, u.apellido, u.nombre
            from usuarios u where u.id = ${includeId ?? 0}
          union all
          (select u.id, ${label}, 1, u.apellido, u.nombre
             from usuarios u
            where ${sql.join([...where, free, sql`u.id <> ${includeId ?? 0}`], sql` and `)}
            order by u.apellido, u.nombre, u.id
            limit ${limit})
        ) o
        order by orden, apellido, nombre, value`,
  );
}
