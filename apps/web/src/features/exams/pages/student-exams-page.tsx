import {
  CALIFICACION_COLORS,
  CALIFICACION_LABELS,
  MSG_EXAMENES,
  MY_EXAMENES_PAGE_SIZE,
  type MiExamen,
} from '@arandu/shared';
import { Badge, Button, Group, Text } from '@mantine/core';
import { IconPencilPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { DataList } from '../../../components/data-list/data-list';
import { SearchInput } from '../../../components/data-list/search-input';
import { PageHeader } from '../../../components/page-header';
import { RectifiedBadge } from '../../../components/rectification/rectified-badge';
import { paths } from '../../../config/paths';
import { formatDateTime, formatPercent } from '../../../lib/format';
import { myExamenesQueryOptions, useAvailableExamenes } from '../api/exams-api';
import { ExamenEstadoBadge } from '../components/examen-estado-badge';
import { StackedCell } from '../components/stacked-cell';

const pct = (v: number | null) => formatPercent(v, { sign: true });

/** 'Mis exámenes' (spec 02 section 2): the student's exam history. */
export function AlumnoExamenesPage() {
  const available = useAvailableExamenes();
  const canEnrol = (available.data?.items ?? []).some((i) => !i.inscripto);
  const columns: DataTableColumn<MiExamen>[] = [
    {
      accessor: 'materia',
      title: 'Materia',
      render: (row) => <StackedCell main={row.materia} detail={`${row.codMateria} · Semestre ${row.semestre}`} />,
    },
    { accessor: 'fechaExamen', title: 'Fecha', width: 140, render: (row) => formatDateTime(row.fechaExamen) },
    { accessor: 'instancia', title: 'Instancia', render: (row) => row.instancia.label },
    {
      accessor: 'porcentajeAsistencia',
      title: 'Asistencia',
      textAlign: 'right',
      render: (row) => pct(row.porcentajeAsistencia),
    },
    { accessor: 'porcentajePP', title: 'PP', textAlign: 'right', render: (row) => pct(row.porcentajePP) },
    { accessor: 'porcentajePF', title: 'PF', textAlign: 'right', render: (row) => pct(row.porcentajePF) },
    { accessor: 'porcentajePC', title: 'PC', textAlign: 'right', render: (row) => pct(row.porcentajePC) },
    {
      accessor: 'calificacion',
      title: 'Calificación',
      render: (row) =>
        row.estadoExamen.value === 1 ? (
          <Group gap={6} wrap="nowrap">
            <Badge variant="light" color={CALIFICACION_COLORS[row.calificacion] ?? 'gray'} miw="max-content">
              {row.calificacion} - {CALIFICACION_LABELS[row.calificacion]}
            </Badge>
            {/* The figures are the acta rectificativa's (issue 44): said beside the grade, linked to it. */}
            <RectifiedBadge rectificacion={row.rectificacion} />
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Pendiente
          </Text>
        ),
    },
    {
      accessor: 'estadoExamen',
      title: 'Estado',
      render: (row) => <ExamenEstadoBadge estado={row.estadoExamen} fecha={row.fechaExamen} />,
    },
  ];
  return (
    <>
      <PageHeader title="Mis exámenes" description="Sus inscripciones a exámenes y sus resultados." />
      <DataList<MiExamen, { search: string }>
        label="Mis exámenes"
        query={myExamenesQueryOptions}
        columns={columns}
        emptyFilters={{ search: '' }}
        pageSize={MY_EXAMENES_PAGE_SIZE}
        loadError={MSG_EXAMENES.listLoadFailed}
        toolbar={
          canEnrol ? (
            <Button component={Link} to={paths.studentExams.inscription} leftSection={<IconPencilPlus size={16} />}>
              Inscripción a examen
            </Button>
          ) : undefined
        }
        renderFilters={({ values, set }) => (
          <SearchInput label="Materia" value={values.search} onChange={(v) => set('search', v)} />
        )}
      />
    </>
  );
}
