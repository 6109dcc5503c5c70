import { Paper, Switch, Text, Title } from '@mantine/core';
import { toast } from '../../../components/toast';
import { failureMessage } from '../../../lib/api-errors';
import { useNoticesPreference, useSaveNoticesPreference } from '../api/notices';

/**
 * The student's notice mails (issue 30): early warnings, published grades and exam enrolments. Saved at once;
 * the warnings stay on the dashboard either way.
 */
export function NoticesSwitch() {
  const preference = useNoticesPreference();
  const save = useSaveNoticesPreference();
  const checked = save.isPending
    ? (save.variables?.recibirAvisosCorreo ?? false)
    : (preference.data?.recibirAvisosCorreo ?? true);
  return (
    <Paper withBorder p="md" component="section" aria-label="Avisos">
      <Title order={2} fz="md" mb="sm">
        Avisos
      </Title>
      <Switch
        label="Recibir avisos por correo"
        description="Alertas tempranas de asistencia y PP, calificaciones publicadas e inscripciones a examen. Las alertas se ven igual en el Tablero."
        checked={checked}
        disabled={preference.isPending || save.isPending}
        onChange={(event) => {
          const recibirAvisosCorreo = event.currentTarget.checked;
          save.mutate(
            { recibirAvisosCorreo },
            {
              onSuccess: () =>
                toast.success(
                  recibirAvisosCorreo ? 'Recibirá los avisos por correo' : 'Ya no recibirá avisos por correo',
                ),
              onError: (error) => toast.error(failureMessage(error, 'No se pudo guardar la preferencia de avisos')),
            },
          );
        }}
      />
      {preference.isError && (
        <Text size="sm" c="red" mt="xs">
          No se pudo leer la preferencia de avisos.
        </Text>
      )}
    </Paper>
  );
}
