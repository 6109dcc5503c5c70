import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const paises = pgTable('paises', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  nombre: varchar({ length: 80 }).notNull().unique(),
  codigo: varchar({ length: 3 }),
});

/** Users (spec 01 section 3). One row a person; roles are flags, any set of them. */
export const usuarios = pgTable(
  'usuarios',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    nombre: varchar({ length: 50 }).notNull(),
    apellido: varchar({ length: 50 }).notNull(),
    numeroDocumento: varchar({ length: 10 }).notNull(),
    email: varchar({ length: 254 }).notNull(),
    passwordHash: text().notNull(),
    firstLogin: boolean().notNull().default(true),
    esAlumno: boolean().notNull().default(false),
    esProfesor: boolean().notNull().default(false),
    esFuncionario: boolean().notNull().default(false),
    esAdmin: boolean().notNull().default(false),
    esAdminRoot: boolean().notNull().default(false),
    /** Granted by the root administrator to a Funcionario: 'actas:rectificar' (issue 30); Admins hold it by role. */
    puedeRectificar: boolean().notNull().default(false),
    activo: boolean().notNull().default(true),
    /** 'Recibir avisos por correo': early warnings, published grades and exam enrolments (issue 30). */
    recibirAvisosCorreo: boolean().notNull().default(true),
    fechaNacimiento: date({ mode: 'string' }),
    lugarNacimiento: varchar({ length: 50 }),
    nacionalidadPaisId: integer().references(() => paises.id),
    genero: smallint().notNull().default(0),
    grupoSanguineo: varchar({ length: 3 }),
    estadoCivil: smallint().notNull().default(0),
    provenienteDePuebloOriginario: boolean().notNull().default(false),
    puebloOriginario: varchar({ length: 50 }),
    arancelCero: boolean().notNull().default(false),
    fechaFinArancelCero: date({ mode: 'string' }),
    telefonoCelular: varchar({ length: 20 }),
    domicilioCalle: varchar({ length: 50 }),
    domicilioNumero: varchar({ length: 50 }),
    domicilioLocalidad: varchar({ length: 50 }),
    domicilioTelefono: varchar({ length: 20 }),
    domicilioPaisId: integer().references(() => paises.id),
    trabajoEmpresa: varchar({ length: 50 }),
    trabajoCalle: varchar({ length: 50 }),
    trabajoNumero: varchar({ length: 50 }),
    trabajoLocalidad: varchar({ length: 50 }),
    trabajoTelefono: varchar({ length: 20 }),
    trabajoPaisId: integer().references(() => paises.id),
    trabajoHorario: varchar({ length: 50 }),
    saludEnfermedad: varchar({ length: 256 }),
    saludMedicamente: varchar({ length: 256 }),
    saludAlergia: varchar({ length: 256 }),
    emergenciaNumero: varchar({ length: 20 }),
    emergenciaContacto: varchar({ length: 50 }),
    emergenciaRelacionParentesca: varchar({ length: 50 }),
    saludPoseeDiscapacidadVisual: boolean().notNull().default(false),
    saludPoseeDiscapacidadAuditiva: boolean().notNull().default(false),
    saludPoseeDiscapacidadMotora: boolean().notNull().default(false),
    saludPoseeDiscapacidadCognitiva: boolean().notNull().default(false),
    saludPoseeOtraDiscapacidad: boolean().notNull().default(false),
    saludOtraDiscapacidad: varchar({ length: 50 }),
    photoName: varchar({ length: 128 }),
    fichaActualizada: boolean().notNull().default(false),
    /**
     * Name, surname, document and e-mail without accents, lower case: what the list searches read. Kept by
     * PostgreSQL at write time, because translate() per row at read time made a search of 20,000 users
     * cost ~15 µs a row (bench/README.md). Left out of the audit log: it only repeats other columns. On a
     * server with pg_trgm, migration 0016 also gives it a trigram index (usuarios_busqueda_trgm_idx), not
     * declared here: PGlite has no pg_trgm, so the index is in some databases only and stays SQL.
     */
    busqueda: text()
      .notNull()
      .generatedAlwaysAs(sql`sin_acentos(nombre || ' ' || apellido || ' ' || numero_documento || ' ' || email)`),
    createdAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    // E-mail is unique without regard to case; logins look it up through the same expression.
    uniqueIndex('usuarios_email_lower_uq').on(sql`lower(${t.email})`),
    index('usuarios_numero_documento_idx').on(t.numeroDocumento),
    // The user list's order, id included: a page, however deep, is read off this index alone.
    index('usuarios_apellido_nombre_idx').on(t.apellido, t.nombre, t.id),
    index('usuarios_profesor_idx')
      .on(t.id)
      .where(sql`${t.esProfesor}`),
    check('usuarios_genero_ck', sql`${t.genero} between 0 and 2`),
    check('usuarios_estado_civil_ck', sql`${t.estadoCivil} between 0 and 3`),
    check(
      'usuarios_grupo_sanguineo_ck',
      sql`${t.grupoSanguineo} is null or ${t.grupoSanguineo} in ('0-','0+','A-','A+','B-','B+','AB-','AB+')`,
    ),
    check('usuarios_documento_ck', sql`${t.numeroDocumento} ~ '^[0-9]{6,10}$'`),
  ],
);

/** Photo bytes live apart from the user row: lists never read them, and the audit log leaves them out. */
export const usuarioFotos = pgTable('usuario_fotos', {
  usuarioId: integer()
    .primaryKey()
    .references(() => usuarios.id, { onDelete: 'cascade' }),
  mime: varchar({ length: 32 }).notNull(),
  fotoDatos: bytea().notNull(),
  bytes: integer().notNull(),
  updatedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/** Opaque bearer sessions: only the SHA-256 of the token is kept (DOMAIN.md section 1). */
export const sesiones = pgTable(
  'sesiones',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: varchar({ length: 64 }).notNull().unique(),
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** Where and in what browser it was opened, for 'Mis sesiones' (decision record 018). */
    direccion: varchar({ length: 45 }),
    agenteUsuario: varchar({ length: 300 }),
    /**
     * The provider's ID token when the session came from an institutional sign-in: 'Salir' sends it as
     * `id_token_hint` to the provider's end_session_endpoint (RP-initiated logout, decision record 018).
     */
    idTokenOidc: text(),
    /**
     * The provider's session (`sid` of the ID token) a session came from: a Back-Channel Logout token naming
     * it ends this session at once (issue 41).
     */
    sidOidc: text(),
  },
  (t) => [
    index('sesiones_usuario_idx').on(t.usuarioId),
    index('sesiones_sid_oidc_idx')
      .on(t.sidOidc)
      .where(sql`${t.sidOidc} is not null`),
  ],
);

/**
 * The mail outbox (decision record 006): a write only inserts here, in its own transaction; the outbox sender
 * delivers after commit. `retenido`: no SMTP server, kept for an administrator (`npm run outbox`).
 */
export const ESTADOS_CORREO = ['pendiente', 'enviando', 'enviado', 'fallido', 'retenido'] as const;
export type EstadoCorreo = (typeof ESTADOS_CORREO)[number];

export const correosSalientes = pgTable(
  'correos_salientes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    destinatario: varchar({ length: 254 }).notNull(),
    asunto: varchar({ length: 200 }).notNull(),
    cuerpo: text().notNull(),
    estado: varchar({ length: 10 }).$type<EstadoCorreo>().notNull().default('pendiente'),
    intentos: smallint().notNull().default(0),
    proximoIntento: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    enviadoEn: timestamp({ withTimezone: true, mode: 'string' }),
    error: text(),
    fecha: timestamp({ withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('correos_salientes_destinatario_idx').on(t.destinatario, t.fecha),
    index('correos_salientes_por_enviar_idx')
      .on(t.proximoIntento, t.id)
      .where(sql`${t.estado} = 'pendiente'`),
    check(
      'correos_salientes_estado_ck',
      sql`${t.estado} in ('pendiente', 'enviando', 'enviado', 'fallido', 'retenido')`,
    ),
  ],
);

/** Faculty-tunable figures (DOMAIN.md): one row per key, the value as JSON. */
export const configuracion = pgTable('configuracion', {
  clave: varchar({ length: 64 }).primaryKey(),
  valor: text().notNull(),
  descripcion: varchar({ length: 256 }),
});
