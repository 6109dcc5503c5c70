import { MSG, MSG_IMPORT, Role, materiaAlreadyAdded, zAlumnoSave, zUserSave, type ImportFila } from '@arandu/shared';
import { accountChangeRefusal } from '../access/user-changes.js';
import { rolesFromFlags } from '../auth/auth-user.js';
import { isoDate, documentDigits, looseText, wholeNumber } from './cell-values.js';
import type { ImportColumn } from './columns.js';
import type { PlanContext, SourceFile, SourceRow } from './import-kind.js';
import type { PersonKey } from './people.columns.js';
import * as repo from './people.repository.js';
import type { References } from './references.repository.js';
import { addError, addIssues, markRepeated, settleAccion, type RowErrors } from './row-errors.js';

export type PersonTipo = 'alumnos' | 'profesores';

export interface AlumnoFields {
  mallaId: number;
  /** Null: the next free one (a new record) or the one it has (an existing record). */
  numeroLegajo: number | null;
  fechaIngreso: string;
}

export type Categoria = Omit<repo.CategoriaRow, 'usuarioId'>;

export interface PersonPlan extends ImportFila {
  stored: repo.StoredPerson | undefined;
  user: repo.UserFields;
  student: AlumnoFields | undefined;
  /** Undefined: the person's categories stay as they are. */
  categorias: Categoria[] | undefined;
}

/** The form's field -> the file's column it is read from. */
const FIELD_COLUMN: Record<string, PersonKey> = {
  nombre: 'nombre',
  apellido: 'apellido',
  numeroDocumento: 'documento',
  email: 'email',
  telefonoCelular: 'telefonoCelular',
  fechaNacimiento: 'fechaNacimiento',
  nacionalidadPaisId: 'nacionalidad',
  categoriasProfesores: 'categorias',
  roles: 'documento',
  usuarioId: 'documento',
  mallaId: 'malla',
  numeroLegajo: 'legajo',
  fechaIngreso: 'fechaIngreso',
};

const ROLE_OF: Record<PersonTipo, Role> = { alumnos: Role.Alumno, profesores: Role.Profesor };

interface Lookups {
  pais: Map<string, number>;
  paraguayId: number;
  carrera: Map<string, number>;
  mallas: References['mallas'];
  materia: Map<string, { id: number; label: string }>;
  escalafon: Map<string, number>;
}

function lookups(refs: References): Lookups {
  const pais = new Map<string, number>();
  for (const p of refs.paises) {
    pais.set(looseText(p.nombre), p.id);
    if (p.codigo) pais.set(looseText(p.codigo), p.id);
  }
  const carrera = new Map<string, number>();
  for (const c of refs.carreras) {
    carrera.set(looseText(c.nombre), c.id);
    carrera.set(looseText(c.codigo), c.id);
  }
  return {
    pais,
    paraguayId: pais.get('paraguay') ?? refs.paises[0]?.id ?? 0,
    carrera,
    mallas: refs.mallas,
    materia: new Map(refs.materias.map((m) => [looseText(m.codigo), { id: m.id, label: `${m.codigo} - ${m.nombre}` }])),
    escalafon: new Map(refs.escalafones.map((e) => [looseText(e.nombre), e.id])),
  };
}

interface RowContext {
  tipo: PersonTipo;
  columns: readonly ImportColumn<PersonKey>[];
  look: Lookups;
  storedByDoc: Map<string, repo.StoredPerson[]>;
  categoriasPresent: boolean;
}

const labelOf = (columns: readonly ImportColumn<PersonKey>[], key: PersonKey) =>
  columns.find((c) => c.key === key)?.label ?? key;

/** 'INF-101: Profesor Titular: Resolución 12/2024 | CB-102: ...' -> the categories, or an error. */
function parseCategorias(look: Lookups, text: string | undefined, errors: RowErrors, label: string): Categoria[] {
  const out: Categoria[] = [];
  const seen = new Set<number>();
  for (const entry of (text ?? '')
    .split(/[|\n]/)
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [codigo = '', escalafon = '', ...notas] = entry.split(':').map((p) => p.trim());
    if (!codigo || !escalafon || !notas.join(':').trim()) {
      addError(errors, label, MSG_IMPORT.categoriaFormat);
      continue;
    }
    const materia = look.materia.get(looseText(codigo));
    const escalafonId = look.escalafon.get(looseText(escalafon));
    if (!materia) addError(errors, label, MSG_IMPORT.materiaUnknown(codigo));
    else if (seen.has(materia.id)) addError(errors, label, materiaAlreadyAdded(materia.label));
    else if (!escalafonId) addError(errors, label, MSG_IMPORT.escalafonUnknown(escalafon));
    else {
      seen.add(materia.id);
      out.push({ materiaId: materia.id, escalafonDocenteId: escalafonId, notas: notas.join(':').trim() });
    }
  }
  return out;
}

/** The student's malla: the named one of the career, or its default; or, without a career, the one it has. */
function mallaOf(ctx: RowContext, row: SourceRow<PersonKey>, stored: repo.StoredPerson | undefined, errors: RowErrors) {
  const { carrera, malla } = row.values;
  const carreraLabel = labelOf(ctx.columns, 'carrera');
  const mallaLabel = labelOf(ctx.columns, 'malla');
  if (carrera === undefined) {
    if (stored?.mallaId) return stored.mallaId;
    addError(errors, carreraLabel, MSG.studentMallaRequired);
    return undefined;
  }
  const carreraId = ctx.look.carrera.get(looseText(carrera));
  if (carreraId === undefined) {
    addError(errors, carreraLabel, MSG_IMPORT.carreraUnknown(carrera));
    return undefined;
  }
  const ofCarrera = ctx.look.mallas.filter((m) => m.carreraId === carreraId);
  if (malla !== undefined) {
    const found = ofCarrera.find((m) => looseText(m.nombre) === looseText(malla));
    if (!found) addError(errors, mallaLabel, MSG_IMPORT.mallaUnknown(malla));
    return found?.id;
  }
  if (stored?.mallaId && ofCarrera.some((m) => m.id === stored.mallaId)) return stored.mallaId;
  const porDefecto = ofCarrera.find((m) => m.usarPorDefecto);
  if (!porDefecto) addError(errors, mallaLabel, MSG_IMPORT.noDefaultMalla);
  return porDefecto?.id;
}

function alumnoOf(
  ctx: RowContext,
  row: SourceRow<PersonKey>,
  stored: repo.StoredPerson | undefined,
  errors: RowErrors,
) {
  const mallaId = mallaOf(ctx, row, stored, errors);
  const legajo = wholeNumber(row.values.legajo);
  const input = {
    usuarioId: stored?.id ?? 1,
    // Unresolved: mallaOf has said why, under the column that was wrong.
    mallaId: mallaId ?? 1,
    // Empty: checked as the number it will get, which is valid by construction.
    numeroLegajo: legajo ?? stored?.numeroLegajo ?? 1,
    fechaIngreso: isoDate(row.values.fechaIngreso) ?? stored?.fechaIngreso ?? '',
  };
  const parsed = zAlumnoSave.safeParse(input);
  if (!parsed.success) {
    addIssues(errors, parsed.error, (path) => labelOf(ctx.columns, FIELD_COLUMN[String(path[0])] ?? 'documento'));
    return undefined;
  }
  return {
    mallaId: parsed.data.mallaId,
    numeroLegajo: legajo === undefined ? null : parsed.data.numeroLegajo,
    fechaIngreso: parsed.data.fechaIngreso,
  };
}

/** One row judged on its own: the form's schemas over what the person would become. */
function judgeRow(ctx: RowContext, row: SourceRow<PersonKey>): PersonPlan {
  const errors: RowErrors = {};
  const label = (key: PersonKey) => labelOf(ctx.columns, key);
  const v = row.values;
  const documento = documentDigits(v.documento) ?? '';
  const matches = ctx.storedByDoc.get(documento) ?? [];
  if (matches.length > 1) addError(errors, label('documento'), MSG_IMPORT.documentoAmbiguous);
  const stored = matches.length === 1 ? matches[0] : undefined;

  let nacionalidadPaisId = stored?.nacionalidadPaisId ?? ctx.look.paraguayId;
  if (v.nacionalidad !== undefined) {
    const found = ctx.look.pais.get(looseText(v.nacionalidad));
    if (found === undefined) addError(errors, label('nacionalidad'), MSG_IMPORT.paisUnknown(v.nacionalidad));
    else nacionalidadPaisId = found;
  }
  const categorias =
    ctx.tipo === 'profesores' && ctx.categoriasPresent
      ? parseCategorias(ctx.look, v.categorias, errors, label('categorias'))
      : undefined;
  const roles = [...new Set([...(stored ? rolesFromFlags(stored) : []), ROLE_OF[ctx.tipo]])];
  const parsed = zUserSave.safeParse({
    nombre: v.nombre ?? stored?.nombre ?? '',
    apellido: v.apellido ?? stored?.apellido ?? '',
    numeroDocumento: documento,
    email: v.email ?? stored?.email ?? '',
    telefonoCelular: v.telefonoCelular ?? stored?.telefonoCelular ?? '',
    fechaNacimiento: isoDate(v.fechaNacimiento) ?? stored?.fechaNacimiento ?? null,
    nacionalidadPaisId,
    roles,
    categoriasProfesores: categorias ?? stored?.categorias ?? [],
  });
  if (!parsed.success) {
    addIssues(errors, parsed.error, (path) => label(FIELD_COLUMN[String(path[0])] ?? 'documento'));
  }
  const alumno = ctx.tipo === 'alumnos' ? alumnoOf(ctx, row, stored, errors) : undefined;
  const data = parsed.success ? parsed.data : undefined;
  return {
    fila: row.fila,
    clave: documento,
    accion: 'error',
    errores: errors,
    cambios: [],
    stored,
    user: {
      nombre: data?.nombre ?? '',
      apellido: data?.apellido ?? '',
      numeroDocumento: documento,
      email: data?.email ?? '',
      telefonoCelular: data?.telefonoCelular ?? null,
      fechaNacimiento: data?.fechaNacimiento ?? null,
      nacionalidadPaisId: data?.nacionalidadPaisId ?? nacionalidadPaisId,
    },
    student: alumno,
    categorias,
  };
}

const sameCategorias = (a: readonly Categoria[], b: readonly Categoria[]) =>
  a.length === b.length &&
  a.every((x) =>
    b.some((y) => y.materiaId === x.materiaId && y.escalafonDocenteId === x.escalafonDocenteId && y.notas === x.notas),
  );

/** The columns whose value the row changes for an existing person. */
function changesOf(ctx: RowContext, plan: PersonPlan, stored: repo.StoredPerson): string[] {
  const label = (key: PersonKey) => labelOf(ctx.columns, key);
  const out: string[] = [];
  const u = plan.user;
  if (u.nombre !== stored.nombre) out.push(label('nombre'));
  if (u.apellido !== stored.apellido) out.push(label('apellido'));
  // Its own action on the row: where the account's resets will go from now on (issue 40).
  if (u.email !== stored.email) out.push(MSG_IMPORT.emailChange);
  if (u.telefonoCelular !== stored.telefonoCelular) out.push(label('telefonoCelular'));
  if (u.fechaNacimiento !== stored.fechaNacimiento) out.push(label('fechaNacimiento'));
  if (u.nacionalidadPaisId !== stored.nacionalidadPaisId) out.push(label('nacionalidad'));
  if (ctx.tipo === 'alumnos' && !stored.esAlumno) out.push('Rol Alumno');
  if (ctx.tipo === 'profesores' && !stored.esProfesor) out.push('Rol Profesor');
  const s = plan.student;
  if (s && stored.perfilId === null) out.push(label('malla'), label('fechaIngreso'), label('legajo'));
  else if (s) {
    if (s.mallaId !== stored.mallaId) out.push(label('malla'));
    if (s.fechaIngreso !== stored.fechaIngreso) out.push(label('fechaIngreso'));
    if (s.numeroLegajo !== null && s.numeroLegajo !== stored.numeroLegajo) out.push(label('legajo'));
  }
  if (plan.categorias && !sameCategorias(plan.categorias, stored.categorias)) out.push(label('categorias'));
  return out;
}

/**
 * The dry run of a people file (alumnos or profesores): every row through the form's schemas, then what only
 * the whole file shows (a document, e-mail or legajo twice) and what only the database shows (an e-mail or
 * legajo of someone else, an administrator a Funcionario may not edit, a malla locked by enrolments). The
 * database is read in a handful of set-based queries, never once a row.
 */
export async function planPeople(
  ctx: PlanContext,
  tipo: PersonTipo,
  columns: readonly ImportColumn<PersonKey>[],
  file: SourceFile<PersonKey>,
): Promise<PersonPlan[]> {
  const documentos = [...new Set(file.rows.map((r) => documentDigits(r.values.documento)).filter((d) => !!d))];
  const storedByDoc = new Map<string, repo.StoredPerson[]>();
  for (const person of await repo.findByDocumento(ctx.db, documentos as string[])) {
    storedByDoc.set(person.numeroDocumento, [...(storedByDoc.get(person.numeroDocumento) ?? []), person]);
  }
  const rowCtx: RowContext = {
    tipo,
    columns,
    look: lookups(ctx.refs),
    storedByDoc,
    categoriasPresent: file.present.has('categorias'),
  };
  const label = (key: PersonKey) => labelOf(columns, key);
  const plans = file.rows.map((row) => judgeRow(rowCtx, row));

  const filaOf = (p: PersonPlan) => p.fila;
  markRepeated(
    plans,
    (p) => p.clave,
    (p, message) => addError(p.errores, label('documento'), message),
    filaOf,
  );
  markRepeated(
    plans,
    (p) => p.user.email.toLowerCase(),
    (p, message) => addError(p.errores, label('email'), message),
    filaOf,
  );
  markRepeated(
    plans,
    (p) => p.student?.numeroLegajo,
    (p, message) => addError(p.errores, label('legajo'), message),
    filaOf,
  );

  const emails = [...new Set(plans.map((p) => p.user.email.toLowerCase()).filter(Boolean))];
  const emailOwner = new Map((await repo.findEmailOwners(ctx.db, emails)).map((o) => [o.email, o.id]));
  const legajos = [...new Set(plans.flatMap((p) => (p.student?.numeroLegajo ? [p.student.numeroLegajo] : [])))];
  const legajoOwner = new Map((await repo.findLegajoOwners(ctx.db, legajos)).map((o) => [o.numeroLegajo, o.usuarioId]));

  for (const plan of plans) {
    const { stored, errores } = plan;
    const owner = emailOwner.get(plan.user.email.toLowerCase());
    if (owner !== undefined && owner !== stored?.id) addError(errores, label('email'), MSG_IMPORT.emailOfAnother);
    const legajo = plan.student?.numeroLegajo;
    const holder = legajo ? legajoOwner.get(legajo) : undefined;
    if (holder !== undefined && holder !== stored?.id) addError(errores, label('legajo'), MSG.legajoTaken);
    if (stored) {
      plan.cambios = changesOf(rowCtx, plan, stored);
      if (stored.conInscripciones && plan.student && plan.student.mallaId !== stored.mallaId) {
        addError(errores, label('malla'), MSG.studentMallaLocked);
      }
      // The users screen's rules, from the one place both read (issue 40): another Admin is the root's; an
      // Admin's own e-mail and roles stay; a staff member's are an Admin's to change.
      const refusal = plan.cambios.length
        ? accountChangeRefusal(ctx.actor, stored, {
            email: plan.user.email,
            esAlumno: stored.esAlumno || tipo === 'alumnos',
            esProfesor: stored.esProfesor || tipo === 'profesores',
            esFuncionario: stored.esFuncionario,
            esAdmin: stored.esAdmin,
          })
        : undefined;
      if (refusal) addError(errores, label('documento'), refusal);
    }
    settleAccion(plan, !!stored);
  }
  return plans;
}
