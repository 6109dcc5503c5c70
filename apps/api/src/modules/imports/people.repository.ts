import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import type { WriteTx } from '../../db/tx.js';
import type { RoleFlags } from '../auth/auth-user.js';

/** A person the file may update, with their student record and teaching categories when they have them. */
export interface StoredPerson extends RoleFlags {
  [key: string]: unknown;
  id: number;
  numeroDocumento: string;
  nombre: string;
  apellido: string;
  email: string;
  telefonoCelular: string | null;
  fechaNacimiento: string | null;
  nacionalidadPaisId: number | null;
  perfilId: number | null;
  mallaId: number | null;
  numeroLegajo: number | null;
  fechaIngreso: string | null;
  conInscripciones: boolean;
  categorias: { materiaId: number; escalafonDocenteId: number; notas: string }[];
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** Everyone holding one of `documentos`, in one query. */
export function findByDocumento(db: DbOrTx, documentos: string[]): Promise<StoredPerson[]> {
  return rows<StoredPerson>(
    db,
    sql`select u.id, u.numero_documento as "numeroDocumento", u.nombre, u.apellido, u.email,
               u.telefono_celular as "telefonoCelular", u.fecha_nacimiento::text as "fechaNacimiento",
               u.nacionalidad_pais_id as "nacionalidadPaisId", u.es_alumno as "esAlumno",
               u.es_profesor as "esProfesor", u.es_funcionario as "esFuncionario", u.es_admin as "esAdmin",
               pa.id as "perfilId", pa.malla_id as "mallaId", pa.numero_legajo as "numeroLegajo",
               pa.fecha_ingreso::text as "fechaIngreso",
               exists (select 1 from inscripciones_materia i where i.perfil_alumno_id = pa.id) as "conInscripciones",
               coalesce((select jsonb_agg(jsonb_build_object('materiaId', c.materia_id,
                                  'escalafonDocenteId', c.escalafon_docente_id, 'notas', coalesce(c.notas, ''))
                                  order by c.materia_id)
                           from categorias_profesores c where c.usuario_id = u.id), '[]') as categorias
          from usuarios u
          left join perfiles_alumno pa on pa.usuario_id = u.id
         where u.numero_documento in (select jsonb_array_elements_text(${json(documentos)}))`,
  );
}

/** Who holds each of `emails` (compared without case, through the unique index). */
export function findEmailOwners(db: DbOrTx, emails: string[]) {
  return rows<{ id: number; email: string; numeroDocumento: string }>(
    db,
    sql`select u.id, lower(u.email) as email, u.numero_documento as "numeroDocumento" from usuarios u
         where lower(u.email) in (select jsonb_array_elements_text(${json(emails)}))`,
  );
}

/** Who holds each of `legajos`. */
export function findLegajoOwners(db: DbOrTx, legajos: number[]) {
  return rows<{ numeroLegajo: number; usuarioId: number }>(
    db,
    sql`select pa.numero_legajo as "numeroLegajo", pa.usuario_id as "usuarioId" from perfiles_alumno pa
         where pa.numero_legajo in (select (jsonb_array_elements_text(${json(legajos)}))::int)`,
  );
}

/** A person's own fields as a row of the file gives them. */
export interface UserFields {
  nombre: string;
  apellido: string;
  numeroDocumento: string;
  email: string;
  telefonoCelular: string | null;
  fechaNacimiento: string | null;
  nacionalidadPaisId: number;
}

export interface NewUser extends UserFields {
  passwordHash: string;
  esAlumno: boolean;
  esProfesor: boolean;
}

const USER_RECORD = sql`nombre text, apellido text, "numeroDocumento" text, email text, "telefonoCelular" text,
  "fechaNacimiento" date, "nacionalidadPaisId" int`;

/** Inserts every new user in one statement; answers their ids by document. */
export async function insertUsers(db: WriteTx, users: NewUser[]): Promise<Map<string, number>> {
  if (!users.length) return new Map();
  const created = await rows<{ id: number; numeroDocumento: string }>(
    db,
    sql`insert into usuarios (nombre, apellido, numero_documento, email, telefono_celular, fecha_nacimiento,
                              nacionalidad_pais_id, password_hash, first_login, es_alumno, es_profesor)
        select v.nombre, v.apellido, v."numeroDocumento", v.email, v."telefonoCelular", v."fechaNacimiento",
               v."nacionalidadPaisId", v."passwordHash", true, v."esAlumno", v."esProfesor"
          from jsonb_to_recordset(${json(users)})
            as v(${USER_RECORD}, "passwordHash" text, "esAlumno" boolean, "esProfesor" boolean)
        returning id, numero_documento as "numeroDocumento"`,
  );
  return new Map(created.map((r) => [r.numeroDocumento, r.id]));
}

export type UserUpdate = Omit<NewUser, 'passwordHash'> & { id: number };

/** Updates the file's columns of existing users in one statement; a role is only ever added. */
export async function updateUsers(db: DbOrTx, users: UserUpdate[]): Promise<void> {
  if (!users.length) return;
  await db.execute(
    sql`update usuarios u
           set nombre = v.nombre, apellido = v.apellido, numero_documento = v."numeroDocumento", email = v.email,
               telefono_celular = v."telefonoCelular", fecha_nacimiento = v."fechaNacimiento",
               nacionalidad_pais_id = v."nacionalidadPaisId", es_alumno = u.es_alumno or v."esAlumno",
               es_profesor = u.es_profesor or v."esProfesor", updated_at = now()
          from jsonb_to_recordset(${json(users)})
            as v(id int, ${USER_RECORD}, "esAlumno" boolean, "esProfesor" boolean)
         where u.id = v.id`,
  );
}

export interface AlumnoRecord {
  usuarioId: number;
  mallaId: number;
  /** Null: the next free legajo. */
  numeroLegajo: number | null;
  fechaIngreso: string;
  /** The row's order in the file: free legajos are handed out in it. */
  orden: number;
}

/**
 * Inserts the new student records in one statement. A record without a legajo gets the next ones after the
 * highest in use or in the file, in the file's order.
 */
export async function insertAlumnos(db: WriteTx, records: AlumnoRecord[]): Promise<void> {
  if (!records.length) return;
  const highestInFile = Math.max(0, ...records.map((r) => r.numeroLegajo ?? 0));
  await db.execute(
    sql`with v as (
          select * from jsonb_to_recordset(${json(records)})
            as v("usuarioId" int, "mallaId" int, "numeroLegajo" int, "fechaIngreso" date, orden int)
        ), base as (
          select greatest(coalesce(max(numero_legajo), 0), ${highestInFile}::int) as ultimo from perfiles_alumno
        )
        insert into perfiles_alumno (usuario_id, malla_id, numero_legajo, fecha_ingreso)
        select v."usuarioId", v."mallaId",
               coalesce(v."numeroLegajo",
                        base.ultimo + row_number() over (partition by v."numeroLegajo" is null order by v.orden)),
               v."fechaIngreso"
          from v cross join base
         order by v.orden`,
  );
}

/** Updates existing student records in one statement (a legajo left empty in the file is kept). */
export async function updateAlumnos(db: DbOrTx, records: (AlumnoRecord & { id: number })[]): Promise<void> {
  if (!records.length) return;
  await db.execute(
    sql`update perfiles_alumno p
           set malla_id = v."mallaId", numero_legajo = coalesce(v."numeroLegajo", p.numero_legajo),
               fecha_ingreso = v."fechaIngreso"
          from jsonb_to_recordset(${json(records)})
            as v(id int, "mallaId" int, "numeroLegajo" int, "fechaIngreso" date)
         where p.id = v.id`,
  );
}

export interface CategoriaRow {
  usuarioId: number;
  materiaId: number;
  escalafonDocenteId: number;
  notas: string;
}

/**
 * Makes the teaching categories of `usuarioIds` exactly `wanted`, in two statements: those no longer listed
 * go, the rest are inserted or updated in place, so the audit log records only what changed.
 */
export async function replaceCategorias(db: WriteTx, usuarioIds: number[], wanted: CategoriaRow[]): Promise<void> {
  if (!usuarioIds.length) return;
  await db.execute(
    sql`delete from categorias_profesores c
         where c.usuario_id in (select (jsonb_array_elements_text(${json(usuarioIds)}))::int)
           and not exists (select 1 from jsonb_to_recordset(${json(wanted)}) as v("usuarioId" int, "materiaId" int)
                            where v."usuarioId" = c.usuario_id and v."materiaId" = c.materia_id)`,
  );
  if (!wanted.length) return;
  await db.execute(
    sql`insert into categorias_profesores (usuario_id, materia_id, escalafon_docente_id, notas)
        select v."usuarioId", v."materiaId", v."escalafonDocenteId", v.notas
          from jsonb_to_recordset(${json(wanted)})
            as v("usuarioId" int, "materiaId" int, "escalafonDocenteId" int, notas text)
        on conflict (usuario_id, materia_id) do update
           set escalafon_docente_id = excluded.escalafon_docente_id, notas = excluded.notas
         where (categorias_profesores.escalafon_docente_id, categorias_profesores.notas)
               is distinct from (excluded.escalafon_docente_id, excluded.notas)`,
  );
}
