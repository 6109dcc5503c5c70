import {
  CALIFICACION_COLORS,
  CALIFICACION_LABELS,
  InstanciaExamen,
  MSG_EXAMENES,
  type Examen,
  type InscripcionExamen,
} from '@arandu/shared';
import { Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertCircle, IconEdit, IconTrash } from '@tabler/icons-react';
import { type KeyboardEvent } from 'react';
import { RowAction } from '../../../components/data-list/row-action';
import { RectifiedBadge } from '../../../components/rectification/rectified-badge';
import { CalificacionInput } from '../../../components/score-input';
import { useAutosavedCells } from '../../../components/use-autosaved-cells';
import { paths } from '../../../config/paths';
import { formatDocumentNumber, formatPercent } from '../../../lib/format';
import { queryKeys } from '../../../lib/query-keys';
import { updateCalificacion } from '../api/exams-api';

export type CalificacionField = 'porcentajeAsistencia' | 'porcentajePP' | 'porcentajePF' | 'porcentajePC';
/** Editable inline while the exam is not sealed; the grade is the server's (spec 02 section 4). */
export const CALIFICACION_FIELDS: [CalificacionField, string][] = [
  ['porcentajeAsistencia', '% Asistencia'],
  ['porcentajePP', '% PP'],
  ['porcentajePF', '% PF'],
  ['porcentajePC', '% PC'],
];

/**
 * Whether a row's instance sits the test (issue 30): a Final the PF, a Recuperatorio the PC (the API refuses
 * the other). Attendance and PP are every row's.
 */
export function sitsTest(row: InscripcionExamen, field: CalificacionField): boolean {
  if (field === 'porcentajePF') return row.instancia.value === InstanciaExamen.Final;
  if (field === 'porcentajePC') return row.instancia.value === InstanciaExamen.Recuperatorio;
  return true;
}
type Value = number | null;

/** Where a row differs from its subject: attendance or PP in red (spec 02 section 4). */
export function differs(row: InscripcionExamen, field: CalificacionField): boolean {
  if (!row.esInconsistente) return false;
  const round = (v: number | null) => (v === null ? null : Math.round(v));
  if (field === 'porcentajeAsistencia') return round(row.porcentajeAsistencia) !== round(row.asistenciaMateria);
  if (field === 'porcentajePP') return round(row.porcentajePP) !== round(row.ppMateria);
  return false;
}

/**
 * Spreadsheet keys: Enter or ↓ to the next row, ↑ to the previous, in the same column. A row whose instance
 * does not sit the column's test has no cell there: the move goes on to the next row that has one.
 */
function moveFocus(event: KeyboardEvent<HTMLInputElement>, row: number, col: number, rows: number) {
  const step = event.key === 'ArrowUp' ? -1 : event.key === 'ArrowDown' || event.key === 'Enter' ? 1 : 0;
  if (!step) return;
  event.preventDefault();
  for (let r = row + step; r >= 0 && r < rows; r += step) {
    const next = document.querySelector<HTMLInputElement>(`[data-score-cell="${r}:${col}"]`);
    if (!next) continue;
    next.focus();
    next.select();
    return;
  }
}

export interface CalificacionesTableProps {
  exam: Examen;
  /** Staff may open a row's form and remove it while the exam is active. */
  manages: boolean;
  onRemove: (row: InscripcionExamen) => void;
}

/** The enrolled students with their scores, saved on their own as they are typed. */
export function CalificacionesTable({ exam: examen, manages, onRemove }: CalificacionesTableProps) {
  const client = useQueryClient();
  const cells = useAutosavedCells<Value>({
    save: async (key, value) => {
      const [id, field] = key.split(':') as [string, CalificacionField];
      const saved = await updateCalificacion({ inscripcionId: Number(id), [field]: value });
      client.setQueryData<Examen>(queryKeys.exams.detail(examen.id), (old) =>
        old ? { ...old, inscriptos: old.inscriptos.map((r) => (r.id === saved.id ? saved : r)) } : old,
      );
      // The exam's own state may have changed (Inconsistencia de datos).
      await client.invalidateQueries({ queryKey: queryKeys.exams.detail(examen.id) });
    },
    savedMessage: MSG_EXAMENES.scoresSaved,
    failedMessage: MSG_EXAMENES.scoresSaveFailed,
  });
  const editable = examen.puedeCalificar;

  const cell = (row: InscripcionExamen, field: CalificacionField, label: string, r: number, c: number) => {
    const key = `${row.id}:${field}`;
    const red = differs(row, field);
    if (!sitsTest(row, field)) {
      return (
        <Text size="sm" c="dimmed" aria-label={`${label}: no corresponde a ${row.instancia.label}`}>
          —
        </Text>
      );
    }
    if (!editable) {
      const value = cells.valueOf(key, row[field]);
      return (
        <Text size="sm" ta="right" c={red ? 'red' : undefined} fw={red ? 700 : undefined}>
          {formatPercent(value)}
        </Text>
      );
    }
    return (
      <CalificacionInput
        aria-label={`${label} de ${row.apellido}, ${row.nombre}`}
        data-score-cell={`${r}:${c}`}
        {...cells.field(key, row[field])}
        onKeyDown={(e) => moveFocus(e, r, c, examen.inscriptos.length)}
        max={100}
        // The acta stores two decimals and the API takes them (an attendance of 84,25 comes from the subject).
        decimals={2}
        flagged={red}
        w={96}
      />
    );
  };

  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="xs" striped highlightOnHover withTableBorder aria-label="Alumnos inscriptos y notas">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nº Documento</Table.Th>
            <Table.Th>Alumno</Table.Th>
            <Table.Th>Instancia</Table.Th>
            {CALIFICACION_FIELDS.map(([field, label]) => (
              <Table.Th key={field} ta="right">
                {label}
              </Table.Th>
            ))}
            <Table.Th>Calificación</Table.Th>
            {manages && <Table.Th ta="right">Acción</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {examen.inscriptos.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={manages ? 9 : 8}>
                <Text c="dimmed" ta="center" py="md">
                  No hay alumnos inscriptos
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {examen.inscriptos.map((row, r) => (
            <Table.Tr
              key={row.id}
              bg={row.esInconsistente ? 'var(--mantine-color-red-light)' : undefined}
              data-inconsistente={row.esInconsistente || undefined}
            >
              <Table.Td>{formatDocumentNumber(row.numeroDocumento)}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm">
                    {row.apellido}, {row.nombre}
                  </Text>
                  {row.esInconsistente && (
                    <Tooltip
                      label={`En la materia: asistencia ${formatPercent(row.asistenciaMateria, { sign: true })}, PP ${formatPercent(row.ppMateria, { sign: true })}`}
                    >
                      <IconAlertCircle
                        size={16}
                        color="var(--mantine-color-red-filled)"
                        aria-label="Datos inconsistentes"
                      />
                    </Tooltip>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={row.instancia.value === 0 ? 'teal' : 'blue'} miw="max-content">
                  {row.instancia.label}
                </Badge>
              </Table.Td>
              {CALIFICACION_FIELDS.map(([field, label], c) => (
                <Table.Td key={field}>
                  <Group justify="flex-end">{cell(row, field, label, r, c)}</Group>
                </Table.Td>
              ))}
              <Table.Td>
                {row.calificacionPendiente ? (
                  <Text size="sm" c="dimmed" aria-label="Sin calificación todavía">
                    —
                  </Text>
                ) : (
                  <Group gap={6} wrap="nowrap">
                    <Badge variant="light" color={CALIFICACION_COLORS[row.calificacion] ?? 'gray'} miw="max-content">
                      {row.calificacion} - {CALIFICACION_LABELS[row.calificacion]}
                    </Badge>
                    <RectifiedBadge rectificacion={row.rectificacion} />
                  </Group>
                )}
              </Table.Td>
              {manages && (
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <RowAction
                      label="Inscripción y/o nota"
                      icon={<IconEdit size={18} />}
                      to={paths.exams.inscriptionEdit(examen.id, row.id)}
                      disabled={!editable}
                    />
                    <RowAction
                      label="Quitar"
                      icon={<IconTrash size={18} />}
                      color="red"
                      disabled={examen.estado.value !== 0}
                      disabledReason="Sólo en un examen activo"
                      onClick={() => onRemove(row)}
                    />
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
