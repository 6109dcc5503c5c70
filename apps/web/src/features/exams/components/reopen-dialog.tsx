import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { MSG_EXAMS, zExamenOpen } from '@arandu/shared';

const zMotivo = zExamenOpen.shape.motivo.unwrap();

function ReopenForm({ materia, onAnswer }: { materia: string; onAnswer: (motivo: string | null) => void }) {
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const parsed = zMotivo.safeParse(motivo);
    if (!parsed.success) {
      setError(MSG_EXAMS.reopenReason);
      return;
    }
    onAnswer(parsed.data);
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
        <Text size="sm">
          El acta de {materia} volverá a ser editable y su código de verificación pasará a mostrarse como &apos;Acta
          reemplazada&apos;. La reapertura queda registrada con su usuario, la fecha y el motivo, y no puede borrarse.
        </Text>
        <Textarea
          label="Motivo de la reapertura"
          description="Entre 10 y 500 caracteres"
          required
          autosize
          minRows={3}
          maxLength={500}
          data-autofocus
          value={motivo}
          error={error}
          onChange={(event) => {
            setMotivo(event.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => onAnswer(null)}>
            No, Volver
          </Button>
          <Button type="submit" color="orange">
            Si, Abrir
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * 'Abrir examen' asks why: the reason is recorded with the reopening (who, when, why) and cannot be erased.
 * Resolves to the reason, or null when the root admin goes back.
 */
export function askReopenReason(materia: string): Promise<string | null> {
  return new Promise((resolve) => {
    let answered = false;
    const id = modals.open({
      title: 'Abrir examen',
      centered: true,
      onClose: () => {
        if (!answered) resolve(null);
      },
      children: (
        <ReopenForm
          materia={materia}
          onAnswer={(motivo) => {
            answered = true;
            resolve(motivo);
            modals.close(id);
          }}
        />
      ),
    });
  });
}
