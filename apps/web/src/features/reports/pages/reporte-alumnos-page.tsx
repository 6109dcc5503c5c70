import {
  GENERO_LABELS,
  MSG_REPORTS,
  REPORT_FILES,
  REPORT_PAGE_SIZE,
  type AlumnoReportItem,
  type AlumnosFilters,
} from '@arandu/shared';
import { BarChart } from '@mantine/charts';
import { Stack, Tooltip } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { YesNoBadge, documentColumn } from '../../../components/data-list/columns';
import { DataList } from '../../../components/data-list/data-list';
import { PageHeader } from '../../../components/page-header';
import { StaffOnly } from '../../../components/staff-only';
import { formatDate } from '../../../lib/format';
import { downloadReport, reportQueryOptions, useReportChart } from '../api/reports-api';
import { ChartCard } from '../components/chart-card';
import { DownloadButton } from '../components/download-button';
import { pickFilters, ReportFilters, useAppliedReportFilters } from '../components/report-filters';

const FIELDS = ['periodoId', 'carreraId', 'semestre', 'materiaId'] as const;

const columns: DataTableColumn<AlumnoReportItem>[] = [
  documentColumn('C.I. Nº', { noWrap: true }),
  { accessor: 'apellido', title: 'Apellido' },
  { accessor: 'nombre', title: 'Nombre' },
  { accessor: 'edad', title: 'Edad', textAlign: 'right' },
  { accessor: 'nacionalidad', title: 'Nacionalidad' },
  {
    accessor: 'arancelCero',
    title: 'Arancel Cero',
    render: (r) => <YesNoBadge value={r.arancelCero} />,
  },
  {
    accessor: 'fechaFinArancelCero',
    title: 'Fin Arancel Cero',
    noWrap: true,
    render: (r) => formatDate(r.fechaFinArancelCero),
  },
  { accessor: 'telefono', title: 'Teléfono', noWrap: true },
  {
    accessor: 'correo',
    title: 'Correo',
    render: (r) => (
      <Tooltip label={r.correo}>
        <span>{r.correo}</span>
      </Tooltip>
    ),
  },
  { accessor: 'genero', title: 'Género', render: (r) => GENERO_LABELS[r.genero] ?? '' },
  { accessor: 'anhoIngreso', title: 'Año Ingreso', textAlign: 'right' },
  { accessor: 'carrera', title: 'Carrera' },
  { accessor: 'semestre', title: 'Semestre', textAlign: 'right', render: (r) => (r.semestre ? `${r.semestre}º` : '') },
];

/** 'Reporte de alumnos' (general, /pages/reporte-alumnos, spec 03 section 2.15 item 3): no filter is required. */
function ReporteAlumnosContent() {
  const [applied, apply] = useAppliedReportFilters();
  const filters: AlumnosFilters | null = applied && pickFilters(applied, FIELDS);
  const chart = useReportChart('alumnos', filters);
  const byCarrera = (chart.data?.porCarrera ?? []).map((c) => ({
    carrera: c.carrera,
    Femenino: c.femenino,
    Masculino: c.masculino,
    'No especificado': c.otro,
  }));

  return (
    <Stack gap="md">
      <PageHeader
        title="Reporte de alumnos"
        description="Datos generales de los alumnos: edad, nacionalidad, arancel cero, contacto y carrera."
        actions={
          <DownloadButton
            fileName={REPORT_FILES.alumnos}
            disabled={!filters}
            download={() => downloadReport('alumnos', filters ?? {})}
          />
        }
      />
      <ReportFilters fields={FIELDS} onApply={apply} />
      <ChartCard
        title="Alumnos por carrera y género"
        loading={chart.isPending}
        failed={chart.isError}
        empty={!chart.data?.porCarrera.length}
        table={{
          dataKey: 'carrera',
          dataLabel: 'Carrera',
          series: ['Femenino', 'Masculino', 'No especificado'],
          data: byCarrera,
        }}
      >
        <BarChart
          h={Math.max(160, 48 * (chart.data?.porCarrera.length ?? 1))}
          data={byCarrera}
          dataKey="carrera"
          orientation="vertical"
          type="stacked"
          yAxisProps={{ width: 150 }}
          xAxisProps={{ allowDecimals: false }}
          series={[
            { name: 'Femenino', color: 'grape.6' },
            { name: 'Masculino', color: 'blue.6' },
            { name: 'No especificado', color: 'gray.5' },
          ]}
          withLegend
          valueFormatter={(v) => v.toLocaleString('es-PY')}
        />
      </ChartCard>
      {filters && (
        <DataList<AlumnoReportItem, AlumnosFilters>
          key={JSON.stringify(filters)}
          label="Reporte de alumnos"
          pageSize={REPORT_PAGE_SIZE}
          query={(request) => reportQueryOptions('alumnos', { ...request, filters })}
          columns={columns}
          emptyFilters={{}}
          loadError={MSG_REPORTS.listLoadFailed}
        />
      )}
    </Stack>
  );
}

export function ReporteAlumnosPage() {
  return (
    <StaffOnly>
      <ReporteAlumnosContent />
    </StaffOnly>
  );
}
