import { MSG_CORE, MSG_IDENTITY, type LoginReply, type MfaMethods } from '@arandu/shared';
import { Anchor, Button, Center, Divider, Fieldset, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconKey, IconShieldLock } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { landingAfterLogin, saveSession, setViewAs } from '../../../lib/session';
import { passkeyFailure, signWithPasskey } from '../../../lib/webauthn';
import { loginMethods, loginWithPasskey, passkeyLoginOptions, useLoginWithCode } from '../api/login';
import { fieldOf } from './use-field-errors';

/**
 * The login's second step (issue 32): the authenticator app's code or a recovery code, and (issue 41) 'Usar
 * llave de seguridad' for a user with a security key or passkey; both, to choose from, when the user has both.
 */
export function MfaForm({ mfaToken, onCancel }: { mfaToken: string; onCancel: () => void }) {
  const navigate = useNavigate();
  const code = useLoginWithCode();
  const [methods, setMethods] = useState<MfaMethods | null>(null);
  const [keyPending, setKeyPending] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [keyError, setKeyError] = useState<string | undefined>();

  /** The reply of an expired or spent login token: back to the password, with the reason. */
  const expired = (failure: unknown) => {
    if (!(failure instanceof ApiError) || failure.message !== MSG_IDENTITY.mfaChallengeExpired) return false;
    toast.warning(failure.message);
    onCancel();
    return true;
  };

  // Without an answer the code field is offered, as before keys existed.
  const methodsFailed = useEffectEvent((failure: unknown) => {
    if (!expired(failure)) setMethods({ totp: true, webauthn: false });
  });
  useEffect(() => {
    let live = true;
    loginMethods(mfaToken).then(
      (found) => live && setMethods(found),
      (failure: unknown) => live && methodsFailed(failure),
    );
    return () => {
      live = false;
    };
  }, [mfaToken]);

  const signedIn = async (reply: LoginReply) => {
    const user = saveSession(reply);
    const landing = landingAfterLogin(user);
    setViewAs(landing.view);
    await navigate(landing.path, { replace: true });
  };

  const submit = async (form: HTMLFormElement) => {
    const typed = fieldOf(form, 'code').trim();
    if (!typed) {
      setError(MSG_IDENTITY.mfaCodeRequired);
      return;
    }
    try {
      await signedIn(await code.run({ mfaToken, code: typed }));
    } catch (failure) {
      if (!(failure instanceof ApiError)) return toast.warning(MSG_CORE.errorGeneric);
      if (expired(failure)) return;
      setError(failure.status === 0 ? MSG_CORE.errorGeneric : failure.message);
    }
  };

  const signInWithKey = async () => {
    setKeyError(undefined);
    setKeyPending(true);
    try {
      const response = await signWithPasskey(await passkeyLoginOptions(mfaToken));
      await signedIn(await loginWithPasskey({ mfaToken, response }));
    } catch (failure) {
      if (expired(failure)) return;
      if (failure instanceof ApiError) setKeyError(failure.status === 0 ? MSG_CORE.errorGeneric : failure.message);
      else setKeyError(passkeyFailure(failure));
    } finally {
      setKeyPending(false);
    }
  };

  if (methods === null) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Cargando" />
      </Center>
    );
  }
  const pending = code.pending || keyPending;

  return (
    <Stack gap="md">
      {methods.totp && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit(event.currentTarget);
          }}
          noValidate
        >
          <Fieldset variant="unstyled" disabled={pending}>
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
              <Button type="submit" fullWidth size="md" loading={code.pending} loaderProps={{ type: 'dots' }}>
                Verificar
              </Button>
            </Stack>
          </Fieldset>
        </form>
      )}
      {methods.totp && methods.webauthn && <Divider label="o" labelPosition="center" />}
      {methods.webauthn && (
        <Stack gap="xs">
          {!methods.totp && (
            <Text size="sm">Use su llave de seguridad o la passkey de este dispositivo para completar el ingreso.</Text>
          )}
          <Button
            fullWidth
            size="md"
            variant={methods.totp ? 'light' : 'filled'}
            leftSection={<IconKey size={18} />}
            loading={keyPending}
            disabled={code.pending}
            autoFocus={!methods.totp}
            onClick={() => void signInWithKey()}
          >
            Usar llave de seguridad
          </Button>
          {keyError && (
            <Text size="sm" c="red" role="alert">
              {keyError}
            </Text>
          )}
        </Stack>
      )}
      <Anchor component="button" type="button" size="sm" ta="center" onClick={onCancel} disabled={pending}>
        Volver
      </Anchor>
    </Stack>
  );
}
