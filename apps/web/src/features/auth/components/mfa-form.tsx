import { MSG_CORE, MSG_IDENTITY } from '@arandu/shared';
import { Anchor, Button, Fieldset, Stack, Text, TextInput } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { landingAfterLogin, saveSession, setViewAs } from '../../../lib/session';
import { useLoginWithCode } from '../api/login';
import { fieldOf } from './use-field-errors';

/** The login's second step: the authenticator app's code, or one of the recovery codes (issue 32). */
export function MfaForm({ mfaToken, onCancel }: { mfaToken: string; onCancel: () => void }) {
  const navigate = useNavigate();
  const call = useLoginWithCode();
  const [error, setError] = useState<string | undefined>();

  const submit = async (form: HTMLFormElement) => {
    const code = fieldOf(form, 'code').trim();
    if (!code) {
      setError(MSG_IDENTITY.mfaCodeRequired);
      return;
    }
    try {
      const user = saveSession(await call.run({ mfaToken, code }));
      const landing = landingAfterLogin(user);
      setViewAs(landing.view);
      await navigate(landing.path, { replace: true });
    } catch (failure) {
      if (!(failure instanceof ApiError)) return toast.warning(MSG_CORE.errorGeneric);
      if (failure.message === MSG_IDENTITY.mfaChallengeExpired) {
        toast.warning(failure.message);
        onCancel();
        return;
      }
      setError(failure.status === 0 ? MSG_CORE.errorGeneric : failure.message);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit(event.currentTarget);
      }}
      noValidate
    >
      <Fieldset variant="unstyled" disabled={call.pending}>
        <Stack gap="md">
          <Text size="sm">
            Ingrese el código de 6 dígitos de su aplicación de autenticación o uno de sus códigos de recuperación.
          </Text>
          <TextInput
            label="Código de verificación"
            name="code"
            autoComplete="one-time-code"
            inputMode="text"
            autoFocus
            leftSection={<IconShieldLock size={16} />}
            error={error}
            onChange={() => setError(undefined)}
          />
          <Button type="submit" fullWidth size="md" loading={call.pending} loaderProps={{ type: 'dots' }}>
            Verificar
          </Button>
          <Anchor component="button" type="button" size="sm" ta="center" onClick={onCancel}>
            Volver
          </Anchor>
        </Stack>
      </Fieldset>
    </form>
  );
}
