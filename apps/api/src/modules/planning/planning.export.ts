import type { FastifyReply } from 'fastify';
import { PLANNING_LABELS as L, PLANNING_STEPS } from '@arandu/shared';
import type { Db } from '../../db/client.js';
import { type CellValue, sendXlsx } from '../../lib/xlsx.js';
import type { AuthUser } from '../auth/auth-user.js';
import { allPages } from './planning.service.js';

export const PLANNING_FILE_NAME = 'Planeamiento.xlsx';

type Line = CellValue[];
type Fields = Record<string, unknown>;

/** One list as a table inside its step: a header line of labels, then one numbered line a row. */
function table(step: string, rows: unknown, columns: [keyof typeof L, (v: unknown) => CellValue][]): Line[] {
  const list = rows as Fields[];
  const header: Line = [step, '#', ...columns.map(([k]) => L[k])];
  if (list.length === 0) return [header, [step, '', '(sin filas)']];
  return [header, ...list.map((r, i) => [step, i + 1, ...columns.map(([k, f]) => f(r[k]))])];
}

const text = (v: unknown) => (v === null || v === undefined ? '' : (v as string | number));
/** 'YYYY-MM-DD' as dd/mm/yyyy, the faculty's date format. */
const date = (v: unknown) => (typeof v === 'string' ? v.split('-').reverse().join('/') : '');

/**
 * Planeamiento.xlsx: one sheet with the nine steps one after the other, each line starting with its step,
 * so the file reads top to bottom as the wizard does and still filters by step.
 */
export async function sendPlanningXlsx(reply: FastifyReply, db: Db, user: AuthUser, materiaPeriodoId: number) {
  const { profesores, pages } = await allPages(db, user, materiaPeriodoId);
  const p = Object.assign({}, ...pages) as Fields;
  const profesor = (v: unknown) => profesores.find((o) => o.value === v)?.label ?? '';
  const field = (step: number, k: string, label: string): Line => [PLANNING_STEPS[step], label, text(p[k])];
  const s = (i: number) => PLANNING_STEPS[i];
  const horarios = (p.horarios as Fields[]).map((h): Line => [
    s(0),
    'Horario',
    `${text(h.dia)} ${text(h.horaInicio)}-${text(h.horaFin)}`,
    text(h.tipoActividad),
    text(h.profesor),
    text(h.aula),
  ]);
  const lines: Line[] = [
    field(0, 'materia', 'Materia'),
    field(0, 'codigoMateria', 'Código'),
    field(0, 'carrera', 'Carrera'),
    field(0, 'semestre', 'Semestre'),
    field(0, 'periodo', 'Periodo'),
    field(0, 'seccion', 'Sección'),
    [s(0), 'Profesores', profesores.map((o) => o.label).join('; ')],
    ...horarios,
    field(0, 'preRequisitos', L.preRequisitos),
    field(0, 'horasTeoriaSemanal', L.horasTeoriaSemanal),
    field(0, 'horasPracticaSemanal', L.horasPracticaSemanal),
    field(0, 'horasLaboratorioSemanal', L.horasLaboratorioSemanal),
    field(0, 'totalHorasSemanal', L.totalHorasSemanal),
    field(0, 'codigoClassroom', L.codigoClassroom),
    field(1, 'fundamentacionMateria', L.fundamentacionMateria),
    field(1, 'contribucionMateria', L.contribucionMateria),
    ...table(s(2)!, p.objetivosMaterias, [['objetivo', text]]),
    field(3, 'valoresContemplados', L.valoresContemplados),
    field(3, 'metodologiaEnsenhanza', L.metodologiaEnsenhanza),
    field(3, 'estrategiasEvauacion', L.estrategiasEvauacion),
    ...table(s(4)!, p.cronogramaClases, [
      ['fecha', date],
      ['profesorMateria', profesor],
      ['unidad', text],
      ['contenidos', text],
    ]),
    ...table(s(5)!, p.practicasLaboratorios, [
      ['actividad', text],
      ['descripcion', text],
      ['profesorMateria', profesor],
      ['duracion', text],
      ['materialApoyo', text],
    ]),
    ...table(s(6)!, p.proyectosTrabajosPracticos, [
      ['actividad', text],
      ['descripcion', text],
      ['profesorMateria', profesor],
      ['duracion', text],
      ['evaluacion', text],
    ]),
    ...table(s(7)!, p.actividadesComplementarias, [
      ['descripcionActividad', text],
      ['beneficiarios', text],
      ['fechas', text],
      ['cantidadHoras', text],
    ]),
    field(8, 'bibliografiaBasica', L.bibliografiaBasica),
    field(8, 'bibliografiaComplementaria', L.bibliografiaComplementaria),
  ];
  const widths = [34, 26, 50, 30, 40, 30, 30];
  return sendXlsx(reply, PLANNING_FILE_NAME, {
    name: 'Planeamiento',
    columns: widths.map((width, i) => ({
      header: ['Paso', 'Campo', 'Valor'][i] ?? '',
      width,
      value: (line: Line) => line[i],
    })),
    rows: [lines],
  });
}
