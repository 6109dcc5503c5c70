import {
  ENTREGA_DEFAULT_ARCHIVOS,
  ENTREGA_DEFAULT_MB,
  ENTREGA_MAX_ARCHIVOS,
  ENTREGA_MAX_MB,
  MSG_ENTREGAS as E,
  TIPO_ENTREGA_LABELS,
  TIPOS_ENTREGA,
  type EntregaConfig,
  type EntregaConfigInput,
  type TipoEntrega,
} from '@arandu/shared';
import { Checkbox, Fieldset, Group, NumberInput, SimpleGrid, Stack, Switch } from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import { DATE_FORMAT } from '../../../lib/format';
import { joinLocalDateTime, splitLocalDateTime } from '../../../lib/local-date-time';

/** The form's state of 'Entrega por Arandu' (issue 46). */
export interface EntregaValues {
  activa: boolean;
  hastaFecha: string | null;
  hastaHora: string;
  tipos: TipoEntrega[];
  maxArchivos: number | '';
  maxMB: number | '';
  atraso: boolean;
  atrasoFecha: string | null;
  atrasoHora: string;
}

export const ENTREGA_EMPTY: EntregaValues = {
  activa: false,
  hastaFecha: null,
  hastaHora: '23:59',
  tipos: ['pdf'],
  maxArchivos: ENTREGA_DEFAULT_ARCHIVOS,
  maxMB: ENTREGA_DEFAULT_MB,
  atraso: false,
  atrasoFecha: null,
  atrasoHora: '23:59',
};

export function entregaValuesOf(config: EntregaConfig | null): EntregaValues {
  if (!config) return ENTREGA_EMPTY;
  const hasta = splitLocalDateTime(config.hasta);
  const atraso = config.atrasoHasta ? splitLocalDateTime(config.atrasoHasta) : null;
  return {
    activa: true,
    hastaFecha: hasta.date,
    hastaHora: hasta.time ?? '23:59',
    tipos: config.tipos,
    maxArchivos: config.maxArchivos,
    maxMB: config.maxMB,
    atraso: atraso !== null,
    atrasoFecha: atraso?.date ?? null,
    atrasoHora: atraso?.time ?? '23:59',
  };
}

/** A time picked to the minute closes at that minute's last second: 'Vence 23:59' takes 23:59:30. */
const closing = (date: string | null, time: string) => {
  const at = joinLocalDateTime(date, time || null);
  return at ? new Date(Date.parse(at) + 59_000).toISOString() : '';
};

/** The settings as the save sends them, or the fields' errors. */
export function entregaConfigOf(v: EntregaValues): {
  config: EntregaConfigInput | null;
  errors: Record<string, string>;
} {
  if (!v.activa) return { config: null, errors: {} };
  const errors: Record<string, string> = {};
  const hasta = closing(v.hastaFecha, v.hastaHora);
  const atrasoHasta = v.atraso ? closing(v.atrasoFecha, v.atrasoHora) : null;
  if (!hasta) errors['entrega.hasta'] = E.hastaRequired;
  if (!v.tipos.length) errors['entrega.tipos'] = E.tiposRequired;
  if (v.atraso && !atrasoHasta) errors['entrega.atrasoHasta'] = E.instanteInvalido;
  else if (atrasoHasta && hasta && atrasoHasta <= hasta) errors['entrega.atrasoHasta'] = E.atrasoAntesDeCierre;
  return {
    config: {
      hasta,
      tipos: v.tipos,
      maxArchivos: v.maxArchivos === '' ? ENTREGA_DEFAULT_ARCHIVOS : v.maxArchivos,
      maxMB: v.maxMB === '' ? ENTREGA_DEFAULT_MB : v.maxMB,
      atrasoHasta,
    },
    errors,
  };
}

/** 'Entrega por Arandu' in the homework form: deadline, kinds, most files and MB, late work until when. */
export function EntregaSettings({
  value,
  onChange,
  errors,
  readOnly,
}: {
  value: EntregaValues;
  onChange: (next: EntregaValues) => void;
  errors: Record<string, string>;
  readOnly: boolean;
}) {
  const set = <K extends keyof EntregaValues>(key: K, v: EntregaValues[K]) => onChange({ ...value, [key]: v });
  return (
    <Fieldset legend="Entrega por Arandu" variant="filled">
      <Stack gap="sm">
        <Switch
          label="Los alumnos entregan esta tarea por Arandu"
          checked={value.activa}
          onChange={(e) => set('activa', e.currentTarget.checked)}
          disabled={readOnly}
        />
        {value.activa && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 4 }}>
              <DateInput
                label="Cierre de la entrega"
                withAsterisk
                valueFormat={DATE_FORMAT}
                placeholder="dd/mm/aaaa"
                value={value.hastaFecha}
                onChange={(v) => set('hastaFecha', v)}
                error={errors['entrega.hasta']}
                readOnly={readOnly}
              />
              <TimeInput
                label="Hora de cierre"
                withAsterisk
                value={value.hastaHora}
                onChange={(e) => set('hastaHora', e.currentTarget.value)}
                readOnly={readOnly}
              />
              <NumberInput
                label="Máximo de archivos"
                min={1}
                max={ENTREGA_MAX_ARCHIVOS}
                allowDecimal={false}
                value={value.maxArchivos}
                onChange={(v) => set('maxArchivos', v === '' ? '' : Number(v))}
                error={errors['entrega.maxArchivos']}
                readOnly={readOnly}
              />
              <NumberInput
                label="Tamaño máximo por archivo (MB)"
                min={1}
                max={ENTREGA_MAX_MB}
                allowDecimal={false}
                value={value.maxMB}
                onChange={(v) => set('maxMB', v === '' ? '' : Number(v))}
                error={errors['entrega.maxMB']}
                readOnly={readOnly}
              />
            </SimpleGrid>
            <Checkbox.Group
              label="Tipos de archivo admitidos"
              withAsterisk
              value={value.tipos}
              onChange={(v) =>
                set(
                  'tipos',
                  TIPOS_ENTREGA.filter((t) => v.includes(t)),
                )
              }
              error={errors['entrega.tipos']}
            >
              <Group mt="xs" gap="md">
                {TIPOS_ENTREGA.map((t) => (
                  <Checkbox key={t} value={t} label={TIPO_ENTREGA_LABELS[t]} disabled={readOnly} />
                ))}
              </Group>
            </Checkbox.Group>
            <Switch
              label="Aceptar entregas con atraso"
              checked={value.atraso}
              onChange={(e) => set('atraso', e.currentTarget.checked)}
              disabled={readOnly}
            />
            {value.atraso && (
              <SimpleGrid cols={{ base: 1, sm: 4 }}>
                <DateInput
                  label="Con atraso hasta"
                  withAsterisk
                  valueFormat={DATE_FORMAT}
                  placeholder="dd/mm/aaaa"
                  value={value.atrasoFecha}
                  onChange={(v) => set('atrasoFecha', v)}
                  error={errors['entrega.atrasoHasta']}
                  readOnly={readOnly}
                />
                <TimeInput
                  label="Hora"
                  value={value.atrasoHora}
                  onChange={(e) => set('atrasoHora', e.currentTarget.value)}
                  readOnly={readOnly}
                />
              </SimpleGrid>
            )}
          </>
        )}
      </Stack>
    </Fieldset>
  );
}
