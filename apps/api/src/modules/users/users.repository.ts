import { and, asc, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { Role } from '@arandu/shared';
import type { DbOrTx } from '../../db/client.js';
import {
  categoriasProfesores,
  correosSalientes,
  escalafonesDocentes,
  materias,
  paises,
  usuarioFotos,
  usuarios,
} from '../../db/schema/index.js';
import { rows } from '../../db/sql.js';
import { isoInstant, matchesWords, offsetOf } from '../../lib/search.js';
import type { WriteTx } from '../../db/tx.js';
import type { RoleFlags } from '../auth/auth-user.js';

export type UserRow = typeof usuarios.$inferSelect;
export type UserValues = Partial<Omit<typeof usuarios.$inferInsert, 'id' | 'passwordHash' | 'createdAt'>>;

const ROLE_COLUMN: Record<Role, SQL> = {
  [Role.Alumno]: sql`u.es_alumno`,
  [Role.Profesor]: sql`u.es_profesor`,
  [Role.Funcionario]: sql`u.es_funcionario`,
  [Role.Admin]: sql`u.es_admin`,
};

export interface UserListQuery {
  page: number;
  pageSize: number;
  search?: string | undefined;
  roles?: Role[] | undefined;
}

export interface UserListRow extends RoleFlags {
  [key: string]: unknown;
  id: number;
  numeroDocumento: string;
  nombre: string;
  apellido: string;
  email: string;
  telefonoCelular: string | null;
  arancelCero: boolean;
  fechaFinArancelCero: string | null;
  categorias: number;
  total: number;
}

/**
 * 'Usuarios del Sistema': one page in name order. Each search word must appear in the name, surname,
 * document or e-mail (the precomputed `busqueda`). Without a search the page's ids come straight off the
 * (apellido, nombre, id) index, deep pages too, and the total from a count beside them. With one, the matches are gathered first by one scan and
 * then sorted and counted (`count(*) over ()`): left to itself the planner walks the name index reading
 * every row to fill the window, three times slower (bench/README.md).
 */
export async function listUsers(db: DbOrTx, q: UserListQuery): Promise<UserListRow[]> {
  const where: SQL[] = [sql`true`, ...matchesWords(sql`u.busqueda`, q.search)];
  if (q.roles?.length)
    where.push(
      sql`(${sql.join(
        [...new Set(q.roles)].map((r) => ROLE_COLUMN[r]),
        sql` or `,
      )})`,
    );
  const filter = sql.join(where, sql` and `);
  const columns = sql`u.id, u.numero_documento, u.nombre, u.apellido, u.email, u.telefono_celular, u.es_alumno,
    u.es_profesor, u.es_funcionario, u.es_admin, u.arancel_cero, u.fecha_fin_arancel_cero`;
  const page = sql`limit ${q.pageSize} offset ${offsetOf(q.page, q.pageSize)}`;
  const pagina = q.search?.trim()
    ? sql`encontrados as materialized (select ${columns} from usuarios u where ${filter}),
          pagina as (select e.*, count(*) over () as total from encontrados e
                      order by e.apellido, e.nombre, e.id ${page})`
    : sql`ids as (select u.id from usuarios u where ${filter} order by u.apellido, u.nombre, u.id ${page}),
          pagina as (select ${columns}, (select count(*) from usuarios u where ${filter}) as total
                       from usuarios u join ids on ids.id = u.id)`;
  return rows<UserListRow>(
    db,
    sql`with ${pagina}
        select p.id, p.numero_documento as "numeroDocumento", p.nombre, p.apellido, p.email,
               p.telefono_celular as "telefonoCelular", p.es_alumno as "esAlumno", p.es_profesor as "esProfesor",
               p.es_funcionario as "esFuncionario", p.es_admin as "esAdmin", p.arancel_cero as "arancelCero",
               p.fecha_fin_arancel_cero::text as "fechaFinArancelCero", p.total::int as total,
               (select count(*)::int from categorias_profesores c where c.usuario_id = p.id) as categorias
          from pagina p
         order by p.apellido, p.nombre, p.id`,
  );
}

export async function findUser(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(usuarios).where(eq(usuarios.id, id)).limit(1);
  return row;
}

/** Locks the row for the rest of the transaction, so two saves of one user run one after the other. */
export async function findUserForUpdate(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(usuarios).where(eq(usuarios.id, id)).limit(1).for('update');
  return row;
}

export async function insertUser(db: WriteTx, values: typeof usuarios.$inferInsert): Promise<number> {
  const [row] = await db.insert(usuarios).values(values).returning({ id: usuarios.id });
  return row!.id;
}

export async function updateUser(db: WriteTx, id: number, values: UserValues): Promise<void> {
  await db
    .update(usuarios)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(usuarios.id, id));
}

export async function findCategorias(db: DbOrTx, usuarioId: number) {
  return db
    .select({
      id: categoriasProfesores.id,
      materiaId: materias.id,
      materia: materias.nombre,
      materiaCodigo: materias.codigo,
      escalafonId: escalafonesDocentes.id,
      escalafon: escalafonesDocentes.nombre,
      notas: categoriasProfesores.notas,
    })
    .from(categoriasProfesores)
    .innerJoin(materias, eq(materias.id, categoriasProfesores.materiaId))
    .innerJoin(escalafonesDocentes, eq(escalafonesDocentes.id, categoriasProfesores.escalafonDocenteId))
    .where(eq(categoriasProfesores.usuarioId, usuarioId))
    .orderBy(asc(materias.nombre), asc(categoriasProfesores.id));
}

export interface CategoriaValues {
  materiaId: number;
  escalafonDocenteId: number;
  notas: string;
}

/**
 * Makes the user's teaching categories exactly `wanted`: rows of subjects no longer listed go, the others
 * are updated in place (one row per subject), so the audit log records only what really changed.
 */
export async function replaceCategorias(db: WriteTx, usuarioId: number, wanted: CategoriaValues[]): Promise<void> {
  const keep = wanted.map((c) => c.materiaId);
  await db
    .delete(categoriasProfesores)
    .where(
      keep.length
        ? and(eq(categoriasProfesores.usuarioId, usuarioId), notInArray(categoriasProfesores.materiaId, keep))
        : eq(categoriasProfesores.usuarioId, usuarioId),
    );
  if (!wanted.length) return;
  await db
    .insert(categoriasProfesores)
    .values(wanted.map((c) => ({ ...c, usuarioId })))
    .onConflictDoUpdate({
      target: [categoriasProfesores.usuarioId, categoriasProfesores.materiaId],
      set: {
        escalafonDocenteId: sql`excluded.escalafon_docente_id`,
        notas: sql`excluded.notas`,
      },
    });
}

export async function findMateriaLabels(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: materias.id, nombre: materias.nombre, codigo: materias.codigo })
    .from(materias)
    .where(inArray(materias.id, ids));
}

export async function findEscalafonIds(db: DbOrTx, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const found = await db
    .select({ id: escalafonesDocentes.id })
    .from(escalafonesDocentes)
    .where(inArray(escalafonesDocentes.id, ids));
  return found.map((r) => r.id);
}

export async function findPaisIds(db: DbOrTx, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const found = await db.select({ id: paises.id }).from(paises).where(inArray(paises.id, ids));
  return found.map((r) => r.id);
}

export async function listPaises(db: DbOrTx) {
  return db.select({ id: paises.id, nombre: paises.nombre }).from(paises).orderBy(asc(paises.id));
}

export async function listEscalafones(db: DbOrTx) {
  return db
    .select({ value: escalafonesDocentes.id, label: escalafonesDocentes.nombre })
    .from(escalafonesDocentes)
    .where(eq(escalafonesDocentes.activo, true))
    .orderBy(asc(escalafonesDocentes.orden));
}

export async function listMaterias(db: DbOrTx) {
  return db
    .select({ value: materias.id, label: sql<string>`${materias.codigo} || ' - ' || ${materias.nombre}` })
    .from(materias)
    .where(eq(materias.activo, true))
    .orderBy(asc(materias.nombre), asc(materias.codigo));
}

/** The tables the audit trigger watches, read from the catalogue (cheap, and always true). */
export async function listAuditedTables(db: DbOrTx): Promise<string[]> {
  const found = await rows<{ tabla: string }>(
    db,
    sql`select distinct c.relname::text as tabla
          from pg_trigger t
          join pg_class c on c.oid = t.tgrelid
          join pg_proc p on p.oid = t.tgfoid
         where p.proname = 'audit_log_change' and not t.tgisinternal
         order by 1`,
  );
  return found.map((r) => r.tabla);
}

export async function hasPhoto(db: DbOrTx, usuarioId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: usuarioFotos.usuarioId })
    .from(usuarioFotos)
    .where(eq(usuarioFotos.usuarioId, usuarioId))
    .limit(1);
  return !!row;
}

/** The latest mails kept in the outbox for an address (without SMTP the outbox is where mail goes). */
export async function findOutboxMails(db: DbOrTx, email: string, limit: number) {
  return db
    .select({
      id: correosSalientes.id,
      destinatario: correosSalientes.destinatario,
      asunto: correosSalientes.asunto,
      cuerpo: correosSalientes.cuerpo,
      fecha: isoInstant(sql`${correosSalientes.fecha}`),
    })
    .from(correosSalientes)
    .where(sql`lower(${correosSalientes.destinatario}) = lower(${email})`)
    .orderBy(desc(correosSalientes.id))
    .limit(limit);
}
