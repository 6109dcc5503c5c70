import { MSG_TEACHING as T, type TareaAlumno, type TareaDetail } from '@arandu/shared';
import { Stack, Table, Text } from '@mantine/core';
import { SearchInput } from '../../../components/data-list/search-input';
import { CalificacionInput } from '../../../components/score-input';
import { useAutosavedCells } from '../../../components/use-autosaved-cells';
import { SortableTh } from '../../../components/sortable-th';
import { useTableRows } from '../../../lib/use-table-rows';
import { formatDecimal, formatDocumentNumber } from '../../../lib/format';
import { savePuntaje } from '../api/homework';
import { hasUnsaved, useUnsavedGuard } from './use-unsaved-guard';
import { EmptyTableRow } from '../../../components/empty-result';

type Value = number | null;
type SortKey = 'nombre' | 'apellido';

/**
 * The students of a homework with their score (spec 03 section 2.8): a filter (document, first and last
 * name, accents and case ignored), sortable names, and each score saved on its own 500 ms after the last
 * keystroke; a score over the homework's total stays as typed, refused. A save that came late to the server
 * shows the newer value the server kept.
 */
export function TareaPuntajes({ tarea, editable }: { tarea: TareaDetail; editable: boolean }) {
  const { search, setSearch, rows, sort, toggleSort } = useTableRows<TareaAlumno, SortKey>(tarea.tareaMateriaAlumnos, {
    text: (r) => `${r.numeroDocumento} ${formatDocumentNumber(r.numeroDocumento)} ${r.nombre} ${r.apellido}`,
    sort: { initial: { key: 'apellido', dir: 1 }, value: (r, key) => r[key] },
  });
  const cells = useAutosavedCells<Value>({
    save: async (key, value) => {
      const reply = await savePuntaje({
        inscripcionMateriaId: Number(key),
        tareaMateriaId: tarea.id,
        puntajeObtenido: value,
      });
      if (!reply.aplicado) cells.replace(key, reply.puntajeObtenido);
    },
    savedMessage: T.puntajeSaved,
    failedMessage: T.puntajeSaveFailed,
  });
  useUnsavedGuard(hasUnsaved(cells.status));

  const cell = (row: TareaAlumno) => {
    const key = String(row.inscripcionMateriaId);
    if (!editable) return <Text size="sm">{cells.valueOf(key, row.puntajeObtenido) ?? '—'}</Text>;
    return (
      <CalificacionInput
        aria-label={`Puntaje de ${row.apellido}, ${row.nombre}`}
        {...cells.field(key, row.puntajeObtenido)}
        max={tarea.puntajeTotal}
        decimals={2}
        w={120}
      />
    );
  };

  return (
    <Stack gap="sm">
      <SearchInput
        label="Buscar alumno"
        placeholder="Documento, nombre o apellido"
        value={search}
        onChange={setSearch}
        maw={360}
      />
      <Table.ScrollContainer minWidth={520}>
        <Table striped withTableBorder aria-label="Puntajes de la tarea">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nº Documento</Table.Th>
              <SortableTh label="Nombre" sortKey="nombre" sort={sort} onSort={toggleSort} />
              <SortableTh label="Apellido" sortKey="apellido" sort={sort} onSort={toggleSort} />
              <Table.Th w={150}>Puntaje Obtenido (/{formatDecimal(tarea.puntajeTotal)})</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && <EmptyTableRow colSpan={4} />}
            {rows.map((r) => (
              <Table.Tr key={r.inscripcionMateriaId}>
                <Table.Td>{formatDocumentNumber(r.numeroDocumento)}</Table.Td>
                <Table.Td>{r.nombre}</Table.Td>
                <Table.Td>{r.apellido}</Table.Td>
                <Table.Td>{cell(r)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
