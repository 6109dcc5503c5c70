import {
  MSG_REPORTS,
  REPORT_FILES,
  REPORT_PAGE_SIZE,
  type InscriptoItem,
  type InscriptosFilters,
} from '@arandu/shared';
import { BarChart } from '@mantine/charts';
import { Stack } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { actionsColumn, documentColumn } from '../../../components/data-list/columns';
import { DataList } from '../../../components/data-list/data-list';
import { RowAction } from '../../../components/data-list/row-action';
import { PageHeader } from '../../../components/page-header';
import { StaffOnly } from '../../../components/staff-only';
import { paths } from '../../../config/paths';
import { downloadReport, reportQueryOptions, useReportChart } from '../api/reports-api';
import { ChartCard } from '../components/chart-card';
import { DownloadButton } from '../components/download-button';
import { pickFilters, ReportFilters, useAppliedReportFilters } from '../components/report-filters';

const FIELDS = ['periodoId', 'carreraId', 'mallaId', 'search'] as const;

const columns: DataTableColumn<InscriptoItem>[] = [
  { accessor: 'periodo', title: 'Periodo', noWrap: true },
  { accessor: 'malla', title: 'Malla' },
  { accessor: 'carrera', title: 'Carrera' },
  { accessor: 'numeroLegajo', title: '# Legajo', textAlign: 'right' },
  documentColumn('# Documento', { noWrap: true }),
  { accessor: 'nombre', title: 'Nombre' },
  { accessor: 'apellido', title: 'Apellido' },
  { accessor: 'cantidadMaterias', title: 'Cantidad de materias', textAlign: 'right' },
  actionsColumn({
    width: 70,
    render: (r) => (
      <RowAction label="Editar alumno" icon={<IconEdit size={18} />} to={paths.students.edit(r.perfilAlumnoId)} />
    ),
  }),
];

/** 'Reporte de alumnos' (enrolled, /pages/reporte-inscripcion, spec 03 section 2.15 item 1). */
function ReporteInscripcionContent() {
  const [applied, apply] = useAppliedReportFilters();
  const filters: InscriptosFilters | null = applied && pickFilters(applied, FIELDS);
  const chart = useReportChart('inscriptos', filters);
  const bySemester = (chart.data?.porSemestre ?? []).map((s) => ({
    semestre: `${s.semestre}º`,
    Inscripciones: s.inscripciones,
  }));

  return (
    <Stack gap="md">
      <PageHeader
        title="Reporte de alumnos inscriptos"
        description="Alumnos inscriptos por periodo, con la cantidad de materias que cursan."
        actions={
          <DownloadButton
            fileName={REPORT_FILES.inscriptos}
            disabled={!filters}
            download={() => downloadReport('inscriptos', filters ?? {})}
          />
        }
      />
      <ReportFilters fields={FIELDS} onApply={apply} />
      <ChartCard
        title="Inscripciones por semestre"
        description="Materias inscriptas, según el semestre de la materia en la malla."
        loading={chart.isPending}
        failed={chart.isError}
        empty={!chart.data?.porSemestre.length}
        table={{ dataKey: 'semestre', dataLabel: 'Semestre', series: ['Inscripciones'], data: bySemester }}
      >
        <BarChart
          h={220}
          data={bySemester}
          dataKey="semestre"
          yAxisProps={{ allowDecimals: false }}
          series={[{ name: 'Inscripciones', color: 'blue.6' }]}
          tickLine="y"
          valueFormatter={(v) => v.toLocaleString('es-PY')}
        />
      </ChartCard>
      {filters && (
        <DataList<InscriptoItem, InscriptosFilters>
          key={JSON.stringify(filters)}
          label="Reporte de alumnos inscriptos"
          pinLastColumn
          pageSize={REPORT_PAGE_SIZE}
          idAccessor={(r) => `${r.periodoId}-${r.perfilAlumnoId}`}
          query={(request) => reportQueryOptions('inscriptos', { ...request, filters })}
          columns={columns}
          emptyFilters={{}}
          loadError={MSG_REPORTS.listLoadFailed}
        />
      )}
    </Stack>
  );
}

export function ReporteInscripcionPage() {
  return (
    <StaffOnly>
      <ReporteInscripcionContent />
    </StaffOnly>
  );
}
