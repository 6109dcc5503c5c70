import {
  MSG_TEACHING as T,
  TIPO_TAREA_LABELS,
  TipoTarea,
  type MateriaPeriodo,
  type TareaSaveInput,
} from '@arandu/shared';
import { Alert, Group, Loader, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DecimalInput } from '../../../components/decimal-input';
import { toast } from '../../../components/toast';
import { failureMessage, fieldErrorsOf, isNotFound } from '../../../lib/api-errors';
import { DATE_FORMAT, formatDate } from '../../../lib/format';
import { useSaveTarea, useTarea } from '../api/homework';
import { queryKeys } from '../../../lib/query-keys';
import { TareaPuntajes } from './tarea-scores';
import { ModalFormFooter } from '../../../components/modal-form-footer';
import { useLoadErrorToast } from '../../../components/use-load-error-toast';
import {
  ENTREGA_EMPTY,
  EntregaSettings,
  entregaConfigOf,
  entregaValuesOf,
  type EntregaValues,
} from './entrega-settings';
import { EntregasPanel } from './entregas-panel';
import { FormModal } from '../../../components/form-modal';

const TIPOS = Object.entries(TIPO_TAREA_LABELS).map(([value, label]) => ({ value, label }));

interface Values {
  descripcion: string;
  tipoTarea: number;
  puntajeTotal: number | '';
  porcentajePesoMateria: number | '';
  fechaEntrega: string | null;
}
const EMPTY: Values = {
  descripcion: '',
  tipoTarea: TipoTarea.Evaluada,
  puntajeTotal: '',
  porcentajePesoMateria: '',
  fechaEntrega: null,
};

/** Client-side checks of spec 03 section 5 (the server checks again, and the weights' sum). */
function validate(v: Values): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!v.descripcion.trim()) errors.descripcion = T.valorRequired;
  if (v.puntajeTotal === '' || v.puntajeTotal <= 0) errors.puntajeTotal = T.valorRequired;
  else if (v.puntajeTotal > 5000) errors.puntajeTotal = T.puntajeTotalInvalid;
  if (!v.fechaEntrega) errors.fechaEntrega = T.fechaRequired;
  return errors;
}

/**
 * 'Nueva tarea de clase' / 'Editar tarea de clase' (spec 03 section 2.8). Type 2 forces total 1 and no
 * weight; the weight is enabled only when the subject uses weights. A new homework, once saved, stays open
 * as its edit so its scores can be entered at once.
 */
export function TareaFormModal({
  mp,
  tareaId,
  onClose,
}: {
  mp: MateriaPeriodo;
  tareaId: number | null;
  onClose: () => void;
}) {
  const [id, setId] = useState(tareaId);
  const tarea = useTarea(mp.id, id);
  const save = useSaveTarea(mp.id);
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 48em)');
  const [values, setValues] = useState<Values>(EMPTY);
  const [entrega, setEntrega] = useState<EntregaValues>(ENTREGA_EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const editable = tarea.data ? tarea.data.canEditTask : mp.canEditTask;
  const usaPeso = mp.utilizaPorcentajePesoMateria;
  const cumplimiento = values.tipoTarea === TipoTarea.Cumplimiento;

  // The loaded homework fills the form once (React's "adjust state while rendering").
  const [loaded, setLoaded] = useState<unknown>(null);
  if (tarea.data && loaded !== tarea.data) {
    setLoaded(tarea.data);
    setValues({
      descripcion: tarea.data.descripcion,
      tipoTarea: tarea.data.tipoTarea.value,
      puntajeTotal: tarea.data.puntajeTotal,
      porcentajePesoMateria: usaPeso ? tarea.data.porcentajePesoMateria : '',
      fechaEntrega: tarea.data.fechaEntrega.split('T')[0] ?? null,
    });
    setEntrega(entregaValuesOf(tarea.data.entrega));
  }
  useLoadErrorToast(tarea.error, isNotFound(tarea.error) ? T.tareaNotFound : T.tareaLoadFailed);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const setTipo = (tipo: number) =>
    setValues((v) =>
      tipo === TipoTarea.Cumplimiento
        ? { ...v, tipoTarea: tipo, puntajeTotal: 1, porcentajePesoMateria: '' }
        : { ...v, tipoTarea: tipo },
    );

  const close = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.teaching.materiaPeriodo(mp.id) });
    onClose();
  };

  const submit = async () => {
    const handIn = entregaConfigOf(entrega);
    const found = { ...validate(values), ...handIn.errors };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body: TareaSaveInput = {
      id: id ?? 0,
      materiaPeriodoId: mp.id,
      descripcion: values.descripcion,
      tipoTarea: values.tipoTarea as TareaSaveInput['tipoTarea'],
      puntajeTotal: Number(values.puntajeTotal),
      porcentajePesoMateria: usaPeso && values.porcentajePesoMateria !== '' ? values.porcentajePesoMateria : 0,
      fechaEntrega: values.fechaEntrega!,
      entrega: handIn.config,
    };
    try {
      const saved = await save.mutateAsync(body);
      toast.success(T.tareaSaved);
      setId(saved.id);
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      toast.error(failureMessage(error, T.tareaSaveFailed));
    }
  };

  const readOnly = { readOnly: !editable, variant: editable ? 'default' : 'filled' } as const;
  return (
    <FormModal
      opened
      onClose={close}
      // Saved, it stays open as the homework's edit: what it holds then is saved, nothing to discard.
      savedRecord={tarea.data}
      title={id ? 'Editar tarea de clase' : 'Nueva tarea de clase'}
      size="xl"
      fullScreen={phone}
    >
      {id && tarea.isPending ? (
        <Group justify="center" p="xl">
          <Loader />
        </Group>
      ) : (
        <Stack gap="md">
          {!editable && (
            <Alert color="yellow" variant="light">
              Fecha Límite Calificar Tareas {formatDate(mp.finCalificarTareas)}: la tarea ya no puede editarse.
            </Alert>
          )}
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <Stack gap="sm">
              <TextInput
                label="Tarea"
                withAsterisk
                maxLength={256}
                value={values.descripcion}
                onChange={(e) => set('descripcion', e.currentTarget.value)}
                error={errors.descripcion}
                data-autofocus
                {...readOnly}
              />
              <SimpleGrid cols={{ base: 1, sm: 4 }}>
                <Select
                  label="Tipo Tarea"
                  withAsterisk
                  data={TIPOS}
                  value={String(values.tipoTarea)}
                  onChange={(v) => setTipo(Number(v ?? TipoTarea.Evaluada))}
                  allowDeselect={false}
                  error={errors.tipoTarea}
                  {...readOnly}
                />
                <DecimalInput
                  label="Puntaje Total"
                  withAsterisk
                  decimals={2}
                  value={values.puntajeTotal}
                  onChange={(v) => set('puntajeTotal', v ?? '')}
                  disabled={cumplimiento}
                  error={errors.puntajeTotal}
                  {...readOnly}
                />
                <DecimalInput
                  label="Porcentaje Peso Materia"
                  placeholder={usaPeso ? undefined : T.materiaSinPeso}
                  decimals={2}
                  value={usaPeso ? values.porcentajePesoMateria : ''}
                  onChange={(v) => set('porcentajePesoMateria', v ?? '')}
                  disabled={!usaPeso || cumplimiento}
                  error={errors.porcentajePesoMateria}
                  {...readOnly}
                />
                {editable ? (
                  <DateInput
                    label="Fecha Entrega"
                    withAsterisk
                    valueFormat={DATE_FORMAT}
                    placeholder="dd/mm/aaaa"
                    value={values.fechaEntrega}
                    onChange={(v) => set('fechaEntrega', v)}
                    error={errors.fechaEntrega}
                  />
                ) : (
                  <TextInput
                    label="Fecha Entrega"
                    value={values.fechaEntrega ? formatDate(values.fechaEntrega) : ''}
                    readOnly
                    variant="filled"
                  />
                )}
              </SimpleGrid>
              <EntregaSettings value={entrega} onChange={setEntrega} errors={errors} readOnly={!editable} />
              <ModalFormFooter onCancel={close} saving={save.isPending} canSave={editable} />
            </Stack>
          </form>
          {tarea.data?.entrega ? (
            <EntregasPanel tarea={tarea.data} editable={editable} />
          ) : (
            tarea.data && <TareaPuntajes tarea={tarea.data} editable={editable} />
          )}
        </Stack>
      )}
    </FormModal>
  );
}
