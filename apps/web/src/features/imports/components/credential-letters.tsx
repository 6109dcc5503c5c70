import type { CredencialesEntrega } from '@arandu/shared';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconFileTypePdf, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { downloadCredentialLetters, resetCredentialLetters } from '../api/run-import';

const errorText = (error: unknown) =>
  error instanceof ApiError ? error.message : 'No se pudieron descargar las cartas de credenciales';

/**
 * The credential letters of an apply without SMTP (issue 44): one download, now; afterwards only a reset of
 * those passwords (after a confirmation) gives new letters.
 */
export function CredentialLetters({ entrega }: { entrega: CredencialesEntrega }) {
  const [current, setCurrent] = useState(entrega);
  const [downloaded, setDownloaded] = useState(false);
  const [busy, setBusy] = useState(false);
  const cuentas =
    current.cuentas === 1 ? 'la cuenta creada' : `las ${current.cuentas.toLocaleString('es-PY')} cuentas creadas`;

  const download = async () => {
    setBusy(true);
    try {
      await downloadCredentialLetters(current.id, current.clave);
      setDownloaded(true);
    } catch (error) {
      toast.error(errorText(error));
      if (error instanceof ApiError && error.status === 400) setDownloaded(true);
    } finally {
      setBusy(false);
    }
  };

  const reset = async () => {
    const ok = await confirmDialog({
      title: 'Restablecer contraseñas',
      message:
        'Se generarán contraseñas temporales nuevas para las cuentas de esta importación que todavía no ingresaron; ' +
        'las de las cartas descargadas dejarán de servir. ¿Continuar?',
      confirmLabel: 'Sí, restablecer',
      danger: true,
    });
    if (!ok) return;
    setBusy(true);
    try {
      const renewed = await resetCredentialLetters(current.id);
      setCurrent(renewed);
      setDownloaded(false);
      toast.success(
        renewed.omitidas
          ? `Contraseñas restablecidas: ${renewed.cuentas}. ${renewed.omitidas} ya habían ingresado y no se tocaron`
          : `Contraseñas restablecidas: ${renewed.cuentas}`,
      );
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Alert
      color="yellow"
      title="Sin servidor de correo: entregue las credenciales en papel"
      icon={<IconKey size={18} />}
    >
      <Stack gap="xs">
        <Text size="sm">
          Las contraseñas temporales de {cuentas} no se pueden enviar por correo. Descargue ahora las cartas de
          credenciales (PDF, una por persona, dos por hoja A4): se pueden descargar una sola vez. Después, sólo
          restableciendo esas contraseñas.
        </Text>
        <Group gap="xs">
          <Button
            leftSection={<IconFileTypePdf size={16} />}
            onClick={() => void download()}
            loading={busy}
            disabled={downloaded}
          >
            {downloaded ? 'Cartas descargadas' : 'Descargar cartas de credenciales'}
          </Button>
          {downloaded && (
            <Button variant="subtle" color="red" onClick={() => void reset()} disabled={busy}>
              Restablecer contraseñas y descargar de nuevo
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}
