import {
  MSG_REPORTS,
  REPORT_FILES,
  REPORT_PAGE_SIZE,
  type PorMateriaFilters,
  type PorMateriaItem,
} from '@arandu/shared';
import { BarChart } from '@mantine/charts';
import { Center, Stack, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { documentColumn } from '../../../components/data-list/columns';
import { useState } from 'react';
import { DataList } from '../../../components/data-list/data-list';
import { PageHeader } from '../../../components/page-header';
import { StaffOnly } from '../../../components/staff-only';
import { formatPercent } from '../../../lib/format';
import { userCan, useSession } from '../../../lib/session';
import { downloadReport, reportQueryOptions, useReportChart } from '../api/reports-api';
import { ChartCard } from '../components/chart-card';
import { EmailText } from '../../../components/email-text';
import { DownloadButton } from '../components/download-button';
import { pickFilters, ReportFilters, type ReportFilterValues } from '../components/report-filters';

const FIELDS = ['periodoId', 'carreraId', 'semestre', 'materiaId'] as const;
const percent = (value: number | null) => formatPercent(value, { empty: '' });

const columns: DataTableColumn<PorMateriaItem>[] = [
  documentColumn('C.I. Nº', { noWrap: true }),
  { accessor: 'apellido', title: 'Apellido' },
  { accessor: 'nombre', title: 'Nombre' },
  { accessor: 'telefono', title: 'Teléfono', noWrap: true },
  { accessor: 'correo', title: 'Correo', render: (r) => <EmailText email={r.correo} /> },
  { accessor: 'materia', title: 'Materia' },
  { accessor: 'anhoIngreso', title: 'Año Ingreso', textAlign: 'right' },
  { accessor: 'carrera', title: 'Carrera' },
  { accessor: 'semestre', title: 'Semestre', textAlign: 'right', render: (r) => `${r.semestre}º` },
  {
    accessor: 'porcentajeAsistencia',
    title: '% Asistencia',
    textAlign: 'right',
    render: (r) => percent(r.porcentajeAsistencia),
  },
  { accessor: 'porcentajePP', title: '% PP', textAlign: 'right', render: (r) => percent(r.porcentajePP) },
];

/**
 * 'Reporte de Asistencias y Pruebas Parciales' (/pages/reporte-alumnos-por-materias, spec 03 section 2.15
 * item 2): nothing is listed until a materia is chosen and 'Filtrar' pressed. Professors see their own subjects.
 */
function PorMateriasContent() {
  const [applied, apply] = useState<ReportFilterValues | null>(null);
  const filters = applied?.materiaId ? (pickFilters(applied, FIELDS) as PorMateriaFilters) : null;
  const chart = useReportChart('porMateria', filters);
  const ranges = (chart.data?.rangos ?? []).map((r) => ({ rango: r.rango, Asistencia: r.asistencia, PP: r.pp }));

  return (
    <Stack gap="md">
      <PageHeader
        title="Reporte de Asistencias y Pruebas Parciales"
        description="% de asistencia y % de pruebas parciales de los alumnos de una materia."
        actions={
          <DownloadButton
            fileName={REPORT_FILES.porMateria}
            disabled={!filters}
            download={() => downloadReport('porMateria', filters!)}
          />
        }
      />
      <ReportFilters fields={FIELDS} onApply={apply} materiaRequired />
      {filters ? (
        <>
          <ChartCard
            title="Alumnos por rango de % Asistencia y % PP"
            description="Con 70 % de asistencia se rinde examen; con 50 % de PP, el final."
            loading={chart.isPending}
            failed={chart.isError}
            empty={!chart.data?.rangos.some((r) => r.asistencia + r.pp > 0)}
            table={{ dataKey: 'rango', dataLabel: 'Rango', series: ['Asistencia', 'PP'], data: ranges }}
          >
            <BarChart
              h={220}
              data={ranges}
              dataKey="rango"
              yAxisProps={{ allowDecimals: false }}
              series={[
                { name: 'Asistencia', color: 'teal.6' },
                { name: 'PP', color: 'indigo.6' },
              ]}
              withLegend
              tickLine="y"
            />
          </ChartCard>
          <DataList<PorMateriaItem, PorMateriaFilters>
            // Eleven columns: with Mantine's 10 px each side % Asistencia and % PP fell off a 1280 px screen.
            horizontalSpacing={6}
            key={JSON.stringify(filters)}
            label="Reporte de Asistencias y Pruebas Parciales"
            pageSize={REPORT_PAGE_SIZE}
            query={(request) => reportQueryOptions('porMateria', { ...request, filters })}
            columns={columns}
            emptyFilters={filters}
            loadError={MSG_REPORTS.listLoadFailed}
          />
        </>
      ) : (
        <Center mih={160}>
          <Stack align="center" gap={4}>
            <IconFilter size={32} stroke={1.5} color="var(--mantine-color-dimmed)" />
            <Text c="dimmed" ta="center">
              Seleccione una materia y presione Filtrar para ver el reporte.
            </Text>
          </Stack>
        </Center>
      )}
    </Stack>
  );
}

export function ReporteAlumnosPorMateriasPage() {
  const user = useSession();
  if (!userCan(user, 'reports:any') && !userCan(user, 'reports:own-subjects')) return <StaffOnly>{null}</StaffOnly>;
  return <PorMateriasContent />;
}
