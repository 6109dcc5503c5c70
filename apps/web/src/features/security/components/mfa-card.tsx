import { MSG_IDENTITY, type MfaSetupReply } from '@arandu/shared';
import { Alert, Badge, Button, Code, Group, Image, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { ReauthModal } from '../../../components/reauth-modal';
import { toast } from '../../../components/toast';
import { ApiError, endedSession } from '../../../lib/api-client';
import { usePublicSettings } from '../../../lib/public-settings';
import { useMfaDisable, useMfaEnable, useMfaSetup, useMfaStatus, useNewRecoveryCodes } from '../api/mfa';
import { RecoveryCodes } from './recovery-codes';

type CodeAction = 'enable' | 'disable' | 'regenerate';

/** A code field and its button; the server's reason under the field when it is refused. */
function CodeForm({
  label,
  pending,
  onCode,
}: {
  label: string;
  pending: boolean;
  onCode: (code: string) => Promise<void>;
}) {
  const [error, setError] = useState<string>();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem('code') as HTMLInputElement;
    const code = field.value.trim();
    if (!code) return setError(MSG_IDENTITY.mfaCodeRequired);
    try {
      await onCode(code);
      field.value = '';
    } catch (failure) {
      if (endedSession(failure)) return;
      setError(failure instanceof ApiError ? failure.message : MSG_IDENTITY.mfaCodeInvalid);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Group align="flex-start" gap="sm">
        <TextInput
          name="code"
          aria-label="Código de verificación"
          placeholder="123456"
          autoComplete="one-time-code"
          error={error}
          onChange={() => setError(undefined)}
          w={200}
        />
        <Button type="submit" loading={pending}>
          {label}
        </Button>
      </Group>
    </form>
  );
}

/** 'Segundo factor' in 'Seguridad': turn it on with an authenticator app, off with a code, new recovery codes. */
export function MfaCard() {
  const { appName } = usePublicSettings();
  const status = useMfaStatus();
  const setup = useMfaSetup();
  const enable = useMfaEnable();
  const disable = useMfaDisable();
  const regenerate = useNewRecoveryCodes();
  const [pendingSetup, setPendingSetup] = useState<MfaSetupReply | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [action, setAction] = useState<CodeAction | null>(null);

  const start = async () => {
    try {
      setPendingSetup(await setup.mutateAsync());
      setCodes(null);
    } catch (failure) {
      if (!endedSession(failure)) toast.error(failure instanceof ApiError ? failure.message : undefined);
    }
  };

  if (status.isPending) return <PageLoader />;
  if (status.isError) return null;
  const { configured, enabled, recoveryCodesLeft, required } = status.data;

  return (
    <Paper withBorder p="md" component="section" aria-label="Segundo factor">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="md">
            Segundo factor
          </Title>
          <Badge color={enabled ? 'teal' : 'gray'} variant="light" leftSection={<IconShieldCheck size={12} />}>
            {enabled ? 'Activado' : 'Desactivado'}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Además de la contraseña, al ingresar se pide el código de 6 dígitos de una aplicación de autenticación (Google
          Authenticator, Microsoft Authenticator, FreeOTP…).
        </Text>
        {required && !enabled && (
          <Alert color="yellow" variant="light">
            {MSG_IDENTITY.mfaSetupRequired}
          </Alert>
        )}
        {!configured && <Alert color="gray">{MSG_IDENTITY.mfaNotConfigured}</Alert>}
        {codes && <RecoveryCodes codes={codes} appName={appName} />}

        {configured && !enabled && !pendingSetup && (
          <Group>
            <Button onClick={() => void start()} loading={setup.isPending}>
              Activar segundo factor
            </Button>
          </Group>
        )}
        {configured && !enabled && pendingSetup && (
          <Stack gap="sm">
            <Text size="sm">
              1. Escanee este código QR con su aplicación de autenticación, o escriba la clave a mano.
            </Text>
            <Group align="center" gap="lg">
              <Image src={pendingSetup.qr} alt="Código QR para la aplicación de autenticación" w={180} h={180} />
              <Stack gap={4}>
                <Text size="xs" c="dimmed">
                  Clave
                </Text>
                <Code fz="sm" data-testid="mfa-secret">
                  {pendingSetup.secret}
                </Code>
              </Stack>
            </Group>
            <Text size="sm">2. Ingrese el código que muestra la aplicación para confirmar.</Text>
            <CodeForm
              label="Confirmar"
              pending={enable.isPending}
              onCode={async (code) => {
                const reply = await enable.mutateAsync({ code });
                setCodes(reply.recoveryCodes);
                setPendingSetup(null);
                toast.success('Se activó el segundo factor.');
              }}
            />
          </Stack>
        )}
        {enabled && (
          <Stack gap="sm">
            <Text size="sm">
              Códigos de recuperación sin usar: <b>{recoveryCodesLeft}</b>
            </Text>
            <Group gap="xs">
              <Button variant="default" size="xs" onClick={() => setAction('regenerate')}>
                Generar nuevos códigos de recuperación
              </Button>
              {!required && (
                <Button variant="light" color="red" size="xs" onClick={() => setAction('disable')}>
                  Desactivar
                </Button>
              )}
            </Group>
            {action === 'regenerate' && (
              <CodeForm
                label="Generar"
                pending={regenerate.isPending}
                onCode={async (code) => {
                  setCodes((await regenerate.mutateAsync({ code })).recoveryCodes);
                  setAction(null);
                }}
              />
            )}
            {action === 'disable' && (
              <ReauthModal
                title="Desactivar segundo factor"
                message="Al ingresar ya no se le pedirá el código. Para confirmar que es usted, ingrese su contraseña y un código actual de su aplicación."
                codeHint="Si perdió el teléfono, puede usar uno de sus códigos de recuperación."
                confirmLabel="Sí, desactivar"
                onClose={() => setAction(null)}
                onConfirm={async ({ password, code }) => {
                  await disable.mutateAsync({ password, code });
                  setCodes(null);
                  toast.success('Se desactivó el segundo factor.');
                }}
              />
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
