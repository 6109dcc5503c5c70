import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';
import { perfilesAlumno } from './students.js';
import { tareasMateria } from './teaching.js';
import { usuarios } from './users.js';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Stored files' contents (lib/storage, issue 46): one row per distinct content, addressed by its SHA-256 once
 * the last byte is in (null while it is being written, so a half-written file is never found by its hash).
 * Not audited: the rows that name a file (entregas_archivos) are.
 */
export const archivosContenido = pgTable(
  'archivos_contenido',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    sha256: char({ length: 64 }),
    bytes: bigint({ mode: 'number' }).notNull().default(0),
    creadoEn: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    unique('archivos_contenido_sha256_uq').on(t.sha256),
    check('archivos_contenido_sha256_ck', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

/** A content's bytes in parts of at most 256 KB, in order: written and read one part at a time. */
export const archivosPartes = pgTable(
  'archivos_partes',
  {
    contenidoId: bigint({ mode: 'number' })
      .notNull()
      .references(() => archivosContenido.id, { onDelete: 'cascade' }),
    n: integer().notNull(),
    datos: bytea().notNull(),
  },
  (t) => [primaryKey({ name: 'archivos_partes_pk', columns: [t.contenidoId, t.n] })],
);

/**
 * One student's hand-in of one homework (issue 46): its versions are kept, the newest counts. Beside it the
 * professor's feedback, shown to the student once the homework's feedback is published. Never deleted with
 * the subject: the homework cannot be deleted while it has one (no cascade).
 */
export const entregas = pgTable(
  'entregas',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    tareaMateriaId: integer()
      .notNull()
      .references(() => tareasMateria.id),
    perfilAlumnoId: integer()
      .notNull()
      .references(() => perfilesAlumno.id),
    devolucion: varchar({ length: 4000 }),
    devolucionPor: integer().references(() => usuarios.id),
    devolucionEn: timestamptz(),
  },
  (t) => [
    unique('entregas_tarea_alumno_uq').on(t.tareaMateriaId, t.perfilAlumnoId),
    index('entregas_perfil_alumno_idx').on(t.perfilAlumnoId),
  ],
);

/** Each upload of a hand-in: who, when, late or not. The one with the highest number counts. */
export const entregasVersiones = pgTable(
  'entregas_versiones',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    entregaId: integer()
      .notNull()
      .references(() => entregas.id),
    numero: smallint().notNull(),
    fecha: timestamptz().notNull(),
    atrasada: boolean().notNull(),
    subidaPor: integer()
      .notNull()
      .references(() => usuarios.id),
  },
  (t) => [unique('entregas_versiones_numero_uq').on(t.entregaId, t.numero)],
);

/** The files of one version, by the hash of their content (archivos_contenido). */
export const entregasArchivos = pgTable(
  'entregas_archivos',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    versionId: integer()
      .notNull()
      .references(() => entregasVersiones.id),
    orden: smallint().notNull(),
    nombre: varchar({ length: 255 }).notNull(),
    bytes: bigint({ mode: 'number' }).notNull(),
    sha256: char({ length: 64 })
      .notNull()
      .references(() => archivosContenido.sha256),
    /** The MIME type read from the bytes (file-type), never the name's. */
    tipo: varchar({ length: 128 }).notNull(),
  },
  (t) => [
    unique('entregas_archivos_orden_uq').on(t.versionId, t.orden),
    index('entregas_archivos_sha256_idx').on(t.sha256),
  ],
);

/**
 * The file a professor gives back with the feedback (issue 46: 'text, and optionally a file back'): at most one
 * per hand-in, replaced in place by a new one (the audit log keeps the earlier name and hash), shown to the
 * student only once the homework's feedback is published. Kept like a handed-in file, by its content's hash.
 */
export const devolucionesArchivos = pgTable(
  'devoluciones_archivos',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    entregaId: integer()
      .notNull()
      .references(() => entregas.id),
    nombre: varchar({ length: 255 }).notNull(),
    bytes: bigint({ mode: 'number' }).notNull(),
    sha256: char({ length: 64 })
      .notNull()
      .references(() => archivosContenido.sha256),
    /** The MIME type read from the bytes (file-type), never the name's. */
    tipo: varchar({ length: 128 }).notNull(),
    subidoPor: integer()
      .notNull()
      .references(() => usuarios.id),
    subidoEn: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    unique('devoluciones_archivos_entrega_uq').on(t.entregaId),
    index('devoluciones_archivos_sha256_idx').on(t.sha256),
  ],
);
