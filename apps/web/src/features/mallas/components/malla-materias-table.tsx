import { correlativaTexto, MSG, type MallaMateriaRow } from '@arandu/shared';
import { Button, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus, IconShieldCheck } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useCallback, useState } from 'react';
import { DataList } from '../../../components/data-list/data-list';
import { editDeleteColumn } from '../../../components/data-list/columns';
import { SearchInput } from '../../../components/data-list/search-input';
import { useConfirmDelete } from '../../../components/use-confirm-delete';
import { mallaMateriasQueryOptions, type MallaMateriaFilters } from '../api/get-mallas';
import { useDeleteMallaMateria } from '../api/save-malla';
import { ExcepcionesModal } from './excepciones-modal';
import { MallaMateriaModal } from './malla-materia-modal';
import { SEMESTRE_OPTIONS } from './semestre-options';

const EMPTY_FILTERS: MallaMateriaFilters = { semestre: null, materia: '' };

/** The malla's subject table (spec 03 section 3): add, edit and remove subjects, 100 a page. */
export function MallaMateriasTable({ mallaId }: { mallaId: number }) {
  const [editing, setEditing] = useState<MallaMateriaRow | 'new' | null>(null);
  const close = useCallback(() => setEditing(null), []);
  // The subject whose correlative exceptions are open (issue 29).
  const [excepting, setExcepting] = useState<MallaMateriaRow | null>(null);
  const closeExceptions = useCallback(() => setExcepting(null), []);

  const askRemove = useConfirmDelete<MallaMateriaRow>({
    remove: useDeleteMallaMateria(),
    title: 'Quitar materia',
    message: (row) =>
      `¿Está seguro de que desea quitar la materia ${row.codigoMateria} - ${row.materia} de esta malla?`,
    confirmLabel: 'Sí, quitar',
    done: MSG.mallaMateriaRemoved,
    notFound: MSG.materiaNotFound,
    failed: MSG.mallaMateriaRemoveFailed,
  });

  const columns: DataTableColumn<MallaMateriaRow>[] = [
    { accessor: 'semestreNroOrden', title: 'Semestre', width: 100, render: (row) => `${row.semestreNroOrden}º` },
    { accessor: 'materia', title: 'Materia', render: (row) => `${row.codigoMateria} - ${row.materia}` },
    {
      accessor: 'correlativas',
      title: 'Correlativas',
      render: (row) =>
        row.correlativas.length === 0 ? (
          '—'
        ) : (
          <Stack gap={2} align="flex-start">
            <Text size="sm">{row.correlativas.map((c) => correlativaTexto(c.materia, c.condicion)).join(', ')}</Text>
            <Button
              variant="subtle"
              size="compact-xs"
              leftSection={<IconShieldCheck size={14} />}
              aria-label={`Excepciones: ${row.materia}`}
              onClick={() => setExcepting(row)}
            >
              Excepciones
            </Button>
          </Stack>
        ),
    },
    { accessor: 'areaConocimiento', title: 'Área Conocimiento', render: (row) => row.areaConocimiento ?? '—' },
    { accessor: 'horasLaboratorioSemestral', title: 'Hs. Lab.', textAlign: 'right', width: 100 },
    { accessor: 'horasPracticaSemestral', title: 'Hs. Práct.', textAlign: 'right', width: 100 },
    { accessor: 'horasTeoriaSemestral', title: 'Hs. Teoría', textAlign: 'right', width: 100 },
    editDeleteColumn({
      onEdit: (row) => setEditing(row),
      deleteLabel: 'Quitar',
      onDelete: (row) => void askRemove(row),
      cannotDelete: (row) => row.cantidadOfertas > 0,
      cannotDeleteReason: MSG.mallaMateriaInUse,
    }),
  ];

  return (
    <>
      <DataList<MallaMateriaRow, MallaMateriaFilters>
        label="Materias de la malla"
        query={(request) => mallaMateriasQueryOptions(mallaId, request)}
        columns={columns}
        emptyFilters={EMPTY_FILTERS}
        pageSize={100}
        loadError={MSG.materiasLoadFailed}
        toolbar={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Agregar materia
          </Button>
        }
        renderFilters={({ values, set }) => (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Semestre"
              placeholder="Todos"
              data={SEMESTRE_OPTIONS}
              clearable
              value={values.semestre ? String(values.semestre) : null}
              onChange={(v) => set('semestre', v ? Number(v) : null)}
            />
            <SearchInput label="Materia" value={values.materia} onChange={(v) => set('materia', v)} />
          </SimpleGrid>
        )}
      />
      <MallaMateriaModal
        mallaId={mallaId}
        row={editing === 'new' ? null : editing}
        opened={editing !== null}
        onClose={close}
      />
      <ExcepcionesModal mallaId={mallaId} row={excepting} onClose={closeExceptions} />
    </>
  );
}
