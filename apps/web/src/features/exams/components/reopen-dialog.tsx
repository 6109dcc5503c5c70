import { Alert, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { MSG_EXAMENES, zExamenOpen } from '@arandu/shared';

const zMotivo = zExamenOpen.shape.motivo.unwrap();
const zResolucion = zExamenOpen.shape.resolucion.unwrap();

export interface ReopenAnswer {
  motivo: string;
  resolucion: string;
}

function ReopenForm({ materia, onAnswer }: { materia: string; onAnswer: (answer: ReopenAnswer | null) => void }) {
  const [motivo, setMotivo] = useState('');
  const [resolucion, setResolucion] = useState('');
  const [errors, setErrors] = useState<{ motivo?: string; resolucion?: string }>({});
  const submit = () => {
    const m = zMotivo.safeParse(motivo);
    const r = zResolucion.safeParse(resolucion);
    if (!m.success || !r.success) {
      setErrors({
        motivo: m.success ? undefined : MSG_EXAMENES.reopenReason,
        resolucion: r.success ? undefined : MSG_EXAMENES.reopenResolucion,
      });
      return;
    }
    onAnswer({ motivo: m.data, resolucion: r.data });
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Alert color="blue" variant="light" title="¿Reabrir o rectificar?">
          Para corregir la nota de uno o más alumnos use &apos;Rectificar acta&apos;: el acta queda como fue sellada y
          cada corrección se emite como acta rectificativa con su propio código. Reabra el examen sólo cuando una
          resolución lo ordene (por ejemplo, un examen anulado o un acta con errores en sus datos generales).
        </Alert>
        <Text size="sm">
          El acta de {materia} volverá a ser editable y su código de verificación pasará a mostrarse como &apos;Acta
          reemplazada&apos;. La reapertura queda registrada con su usuario, la fecha, el motivo y la resolución, que se
          imprimen en el acta que la reemplace, y no puede borrarse.
        </Text>
        <TextInput
          label="Número de resolución"
          required
          maxLength={64}
          data-autofocus
          value={resolucion}
          error={errors.resolucion}
          onChange={(event) => {
            setResolucion(event.currentTarget.value);
            setErrors((e) => ({ ...e, resolucion: undefined }));
          }}
        />
        <Textarea
          label="Motivo de la reapertura"
          description="Entre 10 y 500 caracteres"
          required
          autosize
          minRows={3}
          maxLength={500}
          value={motivo}
          error={errors.motivo}
          onChange={(event) => {
            setMotivo(event.currentTarget.value);
            setErrors((e) => ({ ...e, motivo: undefined }));
          }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => onAnswer(null)}>
            No, Volver
          </Button>
          <Button type="submit" color="orange">
            Sí, abrir
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * 'Abrir examen' asks why and under which resolution: both are recorded with the reopening (who, when, why)
 * and cannot be erased. Resolves to them, or null when the root admin goes back.
 */
export function askReopenReason(materia: string): Promise<ReopenAnswer | null> {
  return new Promise((resolve) => {
    let answered = false;
    const id = modals.open({
      title: 'Abrir examen',
      centered: true,
      size: 'lg',
      onClose: () => {
        if (!answered) resolve(null);
      },
      children: (
        <ReopenForm
          materia={materia}
          onAnswer={(answer) => {
            answered = true;
            resolve(answer);
            modals.close(id);
          }}
        />
      ),
    });
  });
}
