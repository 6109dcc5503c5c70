import {
  CORRELATIVA_MSG,
  correlativaTexto,
  zExcepcionCorrelativaSave,
  type ExcepcionCorrelativaSave,
  type MallaMateriaRow,
} from '@arandu/shared';
import { Alert, Button, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmDialog } from '../../../components/confirm-dialog';
import { PageLoader } from '../../../components/page-loader';
import { toast } from '../../../components/toast';
import { failureMessage, fieldErrorsOf } from '../../../lib/api-errors';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useCorrelativaExceptions, useGrantCorrelativaException } from '../api/correlative-exceptions';
import { MallaAlumnoPicker } from './malla-student-picker';
import { useFocusFirstInvalid } from '../../../lib/focus-first-invalid';
import { useLoadErrorToast } from '../../../components/use-load-error-toast';

const EMPTY: ExcepcionCorrelativaSave = { perfilAlumnoId: 0, motivo: '' };

/**
 * A malla subject's correlative exceptions (issue 29): the ones granted, with the student, the reason and who
 * granted each, and a form to grant one more (the student, a documented reason; confirmed, then audited by the
 * server). The subject's correlatives are named so staff see what they waive.
 */
export function ExcepcionesModal({
  mallaId,
  row,
  onClose,
}: {
  mallaId: number;
  row: MallaMateriaRow | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={row !== null} onClose={onClose} title="Excepciones de correlativas" size="lg" centered>
      {row && <ExcepcionesBody key={row.id} mallaId={mallaId} row={row} onClose={onClose} />}
    </Modal>
  );
}

function ExcepcionesBody({ mallaId, row, onClose }: { mallaId: number; row: MallaMateriaRow; onClose: () => void }) {
  const focusInvalid = useFocusFirstInvalid<HTMLFormElement>();
  const materia = `${row.codigoMateria} - ${row.materia}`;
  const list = useCorrelativaExceptions(mallaId, row.id);
  const grant = useGrantCorrelativaException(mallaId, row.id);
  const [alumno, setAlumno] = useState<string | null>(null);
  const form = useForm<ExcepcionCorrelativaSave>({
    initialValues: EMPTY,
    validate: schemaResolver(zExcepcionCorrelativaSave, { sync: true }),
  });
  useLoadErrorToast(list.error, CORRELATIVA_MSG.exceptionsLoadFailed);

  const submit = async (values: ExcepcionCorrelativaSave) => {
    const confirmed = await confirmDialog({
      title: CORRELATIVA_MSG.exceptionConfirmTitle,
      message: <Text size="sm">{CORRELATIVA_MSG.exceptionConfirm(alumno ?? '', row.materia)}</Text>,
      confirmLabel: 'Sí, otorgar',
    });
    if (!confirmed) return;
    try {
      await grant.mutateAsync(values);
      toast.success(CORRELATIVA_MSG.exceptionGranted);
      form.setValues(EMPTY);
      setAlumno(null);
    } catch (error) {
      // Another malla's student answers 404: its message belongs under the student field.
      const notFound = error instanceof ApiError && error.status === 404;
      form.setErrors(notFound ? { perfilAlumnoId: failureMessage(error, '') } : fieldErrorsOf(error));
      toast.warning(failureMessage(error, CORRELATIVA_MSG.exceptionGrantFailed));
    }
  };

  const items = list.data?.items ?? [];
  return (
    <Stack gap="md">
      <div>
        <Text fw={600}>{materia}</Text>
        <Text size="sm" c="dimmed">
          Correlativas: {row.correlativas.map((c) => correlativaTexto(c.materia, c.condicion)).join(', ')}
        </Text>
      </div>
      <Title order={3} size="h5">
        Excepciones otorgadas
      </Title>
      {list.isPending ? (
        <PageLoader />
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          Ningún alumno tiene una excepción para esta materia.
        </Text>
      ) : (
        <Stack
          gap="xs"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label="Excepciones otorgadas"
        >
          {items.map((e) => (
            <Paper key={e.id} withBorder radius="md" p="sm" component="li">
              <Text size="sm" fw={600}>
                {e.alumno}
              </Text>
              <Text size="sm">{e.motivo}</Text>
              <Text size="xs" c="dimmed">
                Otorgada por {e.otorgadaPor} el {formatDateTime(e.fecha)}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
      <form ref={focusInvalid} onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="sm">
          <Title order={3} size="h5">
            Otorgar una excepción
          </Title>
          <Alert color="blue" variant="light" p="xs">
            <Text size="sm">
              El alumno podrá inscribirse en la materia y rendir su examen sin cumplir las correlativas. Indique el
              motivo (resolución, equivalencia): queda registrado con su nombre.
            </Text>
          </Alert>
          <MallaAlumnoPicker
            mallaId={mallaId}
            value={form.values.perfilAlumnoId || null}
            selectedLabel={alumno}
            error={typeof form.errors.perfilAlumnoId === 'string' ? form.errors.perfilAlumnoId : undefined}
            onChange={(id, label) => {
              form.setFieldValue('perfilAlumnoId', id ?? 0);
              form.clearFieldError('perfilAlumnoId');
              setAlumno(label);
            }}
          />
          <Textarea
            label="Motivo"
            required
            autosize
            minRows={2}
            maxLength={500}
            description="Entre 10 y 500 caracteres"
            {...form.getInputProps('motivo')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar - Volver
            </Button>
            <Button type="submit" loading={grant.isPending} leftSection={<IconShieldCheck size={16} />}>
              Otorgar excepción
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
