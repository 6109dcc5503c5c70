import { MSG, type Option, type PeriodoMateriaRow } from '@arandu/shared';
import { Badge, Button, Group, Select, Text, Title } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataList } from '../../../components/data-list/data-list';
import { editDeleteColumn, YesNoBadge } from '../../../components/data-list/columns';
import { ProfesoresCell } from '../../../components/profesores-cell';
import { useConfirmDelete } from '../../../components/use-confirm-delete';
import { paths } from '../../../config/paths';
import { periodoMateriasQueryOptions, type PeriodoMateriaFilters } from '../api/get-periodos';
import { useRemovePeriodoMateria } from '../api/save-periodo';

const EMPTY_FILTERS: PeriodoMateriaFilters = { carreraId: 0 };

/** The period's "Detalle de materias": career filter ('Todas'), 100 a page, edit and remove. */
export function PeriodoMateriasTable({ periodoId, carreras }: { periodoId: number; carreras: Option[] }) {
  const [carreraId, setCarreraId] = useState(0);

  const askRemove = useConfirmDelete<PeriodoMateriaRow>({
    remove: useRemovePeriodoMateria(),
    title: 'Quitar materia',
    message: (row) => `Estás seguro que deseas quitar la materia ${row.materia} de este periodo?`,
    confirmLabel: 'Sí, quitar',
    done: MSG.periodoMateriaRemoved,
    notFound: MSG.materiaNotFound,
    failed: MSG.periodoMateriaRemoveFailed,
  });

  const columns: DataTableColumn<PeriodoMateriaRow>[] = [
    { accessor: 'semestreNroOrden', title: 'Semestre', width: 110, render: (row) => `${row.semestreNroOrden}º` },
    {
      accessor: 'materia',
      title: 'Materia',
      render: (row) => (
        <Group gap={6} wrap="nowrap">
          <Badge variant="light" size="sm" radius="sm">
            {row.codigoMateria}
          </Badge>
          <Text size="sm">
            {row.materia} - {row.seccion}
          </Text>
        </Group>
      ),
    },
    { accessor: 'malla', title: 'Malla', render: (row) => `${row.carrera} - ${row.malla}` },
    { accessor: 'profesores', title: 'Profesor(es)', render: (row) => <ProfesoresCell profesores={row.profesores} /> },
    {
      accessor: 'tieneHorario',
      title: 'Horario',
      width: 90,
      render: (row) => <YesNoBadge value={row.tieneHorario} noColor="orange" />,
    },
    editDeleteColumn({
      width: 100,
      editTo: (row) => paths.periodos.subjectEdit(periodoId, row.id),
      deleteLabel: 'Quitar',
      onDelete: (row) => void askRemove(row),
      cannotDelete: (row) => row.cantidadInscriptos > 0,
      cannotDeleteReason: `${MSG.materiaPeriodoCannotDelete}: ${MSG.materiaPeriodoHasStudents}`,
    }),
  ];

  return (
    <section aria-labelledby="detalle-materias">
      <Group justify="space-between" align="flex-end" mb="sm" gap="sm">
        <Title order={2} fz="lg" id="detalle-materias">
          Detalle de materias
        </Title>
        <Group gap="sm" align="flex-end">
          <Select
            label="Carrera"
            w={260}
            data={[
              { value: '0', label: 'Todas' },
              ...carreras.map((c) => ({ value: String(c.value), label: c.label })),
            ]}
            value={String(carreraId)}
            onChange={(v) => setCarreraId(Number(v ?? 0))}
            allowDeselect={false}
          />
          <Button
            component={Link}
            to={paths.periodos.materias(periodoId)}
            variant="light"
            leftSection={<IconListCheck size={16} />}
          >
            Agregar / Quitar Materias
          </Button>
        </Group>
      </Group>
      <DataList<PeriodoMateriaRow, PeriodoMateriaFilters>
        label="Detalle de materias"
        query={(request) => periodoMateriasQueryOptions(periodoId, { ...request, filters: { carreraId } })}
        columns={columns}
        emptyFilters={EMPTY_FILTERS}
        pageSize={100}
        // The spec's 100 rows a page inside the period's form made the page 12,866 px tall on a phone (issue 34
        // item 13): they scroll inside the table, under its header, and the form's buttons stay close.
        maxHeight="min(640px, 75vh)"
        loadError={MSG.materiasLoadFailed}
      />
    </section>
  );
}
