import { MSG, type Option, type PeriodoMateriaRow } from '@arandu/shared';
import { Badge, Button, Group, Select, Text, Title } from '@mantine/core';
import { IconEdit, IconListCheck, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { Link } from 'react-router';
import { confirmDialog } from '../../../components/confirm-dialog';
import { DataList } from '../../../components/data-list/data-list';
import { RowAction } from '../../../components/data-list/row-action';
import { ProfesoresCell } from '../../../components/profesores-cell';
import { toast } from '../../../components/toast';
import { paths } from '../../../config/paths';
import { failureMessage, isNotFound } from '../../../lib/api-errors';
import { periodoMateriasQueryOptions, type PeriodoMateriaFilters } from '../api/get-periodos';
import { useRemovePeriodoMateria } from '../api/save-periodo';

const EMPTY_FILTERS: PeriodoMateriaFilters = { carreraId: 0 };

/** The period's "Detalle de materias": career filter ('Todas'), 100 a page, edit and remove. */
export function PeriodoMateriasTable({ periodoId, carreras }: { periodoId: number; carreras: Option[] }) {
  const [carreraId, setCarreraId] = useState(0);
  const remove = useRemovePeriodoMateria();

  const askRemove = async (row: PeriodoMateriaRow) => {
    const ok = await confirmDialog({
      title: 'Quitar materia',
      message: `Estás seguro que deseas quitar la materia ${row.materia} de este periodo?`,
      confirmLabel: 'Si, Quitar',
      cancelLabel: 'No, Volver',
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(row.id);
      toast.success(MSG.periodoMateriaRemoved);
    } catch (error) {
      if (isNotFound(error)) toast.error(MSG.materiaNotFound);
      else toast.warning(failureMessage(error, MSG.periodoMateriaRemoveFailed));
    }
  };

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
      render: (row) => (
        <Badge variant="light" color={row.tieneHorario ? 'teal' : 'orange'}>
          {row.tieneHorario ? 'Si' : 'No'}
        </Badge>
      ),
    },
    {
      accessor: 'acciones',
      title: 'Acción',
      textAlign: 'right',
      width: 100,
      render: (row) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <RowAction label="Editar" icon={<IconEdit size={18} />} to={paths.periodos.subjectEdit(periodoId, row.id)} />
          <RowAction
            label="Quitar"
            color="red"
            icon={<IconTrash size={18} />}
            disabled={row.cantidadInscriptos > 0}
            disabledReason={`${MSG.materiaPeriodoCannotDelete}: ${MSG.materiaPeriodoHasStudents}`}
            onClick={() => void askRemove(row)}
          />
        </Group>
      ),
    },
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
        loadError={MSG.materiasLoadFailed}
      />
    </section>
  );
}
