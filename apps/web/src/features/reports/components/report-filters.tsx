import { MSG_REPORTS, type ReportFormData } from '@arandu/shared';
import { Button, Group, Paper, Select, SimpleGrid, Stack } from '@mantine/core';
import { IconFilter, IconFilterOff } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { SearchInput } from '../../../components/data-list/search-input';
import { toast } from '../../../components/toast';
import { useReportFormData } from '../api/reports-api';

/** Every filter a report screen may show; each screen picks its own `fields`. */
export interface ReportFilterValues {
  periodoId: number | null;
  carreraId: number | null;
  mallaId: number | null;
  semestre: number | null;
  materiaId: number | null;
  search: string;
}
export type ReportField = keyof ReportFilterValues;

export const NO_FILTERS: ReportFilterValues = {
  periodoId: null,
  carreraId: null,
  mallaId: null,
  semestre: null,
  materiaId: null,
  search: '',
};

const toOption = (o: { value: number; label: string }) => ({ value: String(o.value), label: o.label });
const asId = (value: string | null) => (value ? Number(value) : null);

export interface ReportFiltersProps {
  fields: readonly ReportField[];
  onApply: (values: ReportFilterValues) => void;
  /** 'Materia' must be chosen before 'Filtrar' applies ('Debe seleccionar una materia'). */
  materiaRequired?: boolean;
}

/**
 * The filter panel of a report (spec 03 sections 2.15 and 5): Periodo, Carrera, Malla, Semestre, Materia
 * and a text search as the screen asks. 'Materia' lists the subject-periods of the chosen period, narrowed by
 * career and semester; changing the period empties it.
 */
export function ReportFilters({ fields, onApply, materiaRequired }: ReportFiltersProps) {
  const [values, setValues] = useState<ReportFilterValues>(NO_FILTERS);
  const [materiaError, setMateriaError] = useState<string | null>(null);
  const formData = useReportFormData(values.periodoId);
  const data: ReportFormData | undefined = formData.data;

  useEffect(() => {
    if (formData.isError) toast.error(MSG_REPORTS.formDataLoadFailed);
  }, [formData.isError]);

  // The first answer names the active period: the fields start there (useAppliedReportFilters applies it).
  const [started, setStarted] = useState(false);
  if (!started && data) {
    setStarted(true);
    setValues({ ...NO_FILTERS, periodoId: data.periodoId });
  }

  const set = <K extends ReportField>(key: K, value: ReportFilterValues[K]) =>
    setValues((v) => {
      const next = { ...v, [key]: value };
      if (key === 'periodoId' || key === 'carreraId' || key === 'semestre') next.materiaId = null;
      if (key === 'carreraId') next.mallaId = null;
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (materiaRequired && !values.materiaId) {
      setMateriaError(MSG_REPORTS.materiaRequired);
      return;
    }
    setMateriaError(null);
    onApply(values);
  };
  const clear = () => {
    const cleared = { ...NO_FILTERS, periodoId: data?.periodoId ?? null };
    setValues(cleared);
    setMateriaError(null);
    if (!materiaRequired) onApply(cleared);
  };

  const materias = (data?.materias ?? []).filter(
    (m) =>
      m.periodoId === values.periodoId &&
      (!values.carreraId || m.carreraId === values.carreraId) &&
      (!values.semestre || m.semestre === values.semestre),
  );
  const mallas = (data?.mallas ?? []).filter((m) => !values.carreraId || m.carreraId === values.carreraId);
  const has = (field: ReportField) => fields.includes(field);
  const loading = formData.isPending;

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate aria-label="Filtros del reporte">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: Math.min(fields.length, 4) }} spacing="sm">
          {has('periodoId') && (
            <Select
              label="Periodo"
              placeholder={loading ? 'Cargando…' : 'Todos'}
              data={(data?.periodos ?? []).map(toOption)}
              value={values.periodoId ? String(values.periodoId) : null}
              onChange={(v) => set('periodoId', asId(v))}
              searchable
              clearable={!materiaRequired}
            />
          )}
          {has('carreraId') && (
            <Select
              label="Carrera"
              placeholder="Todas"
              data={(data?.carreras ?? []).map(toOption)}
              value={values.carreraId ? String(values.carreraId) : null}
              onChange={(v) => set('carreraId', asId(v))}
              searchable
              clearable
            />
          )}
          {has('mallaId') && (
            <Select
              label="Malla"
              placeholder="Todas"
              data={mallas.map(toOption)}
              value={values.mallaId ? String(values.mallaId) : null}
              onChange={(v) => set('mallaId', asId(v))}
              searchable
              clearable
            />
          )}
          {has('semestre') && (
            <Select
              label="Semestre"
              placeholder="Todos"
              data={(data?.semestres ?? []).map((s) => ({ value: String(s), label: `${s}º` }))}
              value={values.semestre ? String(values.semestre) : null}
              onChange={(v) => set('semestre', asId(v))}
              clearable
            />
          )}
          {has('materiaId') && (
            <Select
              label="Materia"
              placeholder={
                !materias.length
                  ? 'Sin materias con estos filtros'
                  : materiaRequired
                    ? 'Seleccione una materia'
                    : 'Todas'
              }
              data={materias.map((m) => ({ value: String(m.materiaId), label: m.label }))}
              value={values.materiaId ? String(values.materiaId) : null}
              onChange={(v) => {
                set('materiaId', asId(v));
                setMateriaError(null);
              }}
              searchable
              clearable
              withAsterisk={materiaRequired}
              error={materiaError}
              nothingFoundMessage="No se encontraron materias"
            />
          )}
          {has('search') && (
            <SearchInput
              description="Legajo, documento, nombre o apellido"
              value={values.search}
              onChange={(value) => set('search', value)}
            />
          )}
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" leftSection={<IconFilterOff size={16} />} onClick={clear}>
            Limpiar filtros
          </Button>
          <Button type="submit" leftSection={<IconFilter size={16} />}>
            Filtrar
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The filters a report screen has applied: until 'Filtrar' is pressed, the active period alone (null while
 * the form data is loading). Shares the form data query of `ReportFilters`.
 */
export function useAppliedReportFilters() {
  const defaults = useReportFormData(null);
  const [applied, setApplied] = useState<ReportFilterValues | null>(null);
  const active = defaults.data ? { ...NO_FILTERS, periodoId: defaults.data.periodoId } : null;
  return [applied ?? active, setApplied] as const;
}

/** The filters a report's calls take: only the fields the screen shows, nothing for an empty one. */
export function pickFilters<K extends ReportField>(
  values: ReportFilterValues,
  fields: readonly K[],
): { [P in K]?: ReportFilterValues[P] } {
  const out: { [P in K]?: ReportFilterValues[P] } = {};
  for (const field of fields) {
    const value = values[field];
    if (value === null || (typeof value === 'string' && value.trim() === '')) continue;
    out[field] = (typeof value === 'string' ? value.trim() : value) as ReportFilterValues[K];
  }
  return out;
}
