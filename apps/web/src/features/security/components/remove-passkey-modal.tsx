import { MSG_IDENTITY, MSG_WEBAUTHN, type Passkey } from '@arandu/shared';
import { Alert, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { FormModal } from '../../../components/form-modal';
import { toast } from '../../../components/toast';
import { ApiError, endedSession } from '../../../lib/api-client';
import { passkeyFailure, webauthnAvailable } from '../../../lib/webauthn';
import { useMfaStatus } from '../api/mfa';
import { useRemovePasskey, type RemovalProof } from '../api/passkeys';

type Field = 'password' | 'code' | 'response';

/**
 * 'Quitar' a key: the confirmation asks for re-authentication (issue 41 items 4 and 7), the current password
 * and a current code of the authenticator app (when the user has one) or a touch of one of the keys. A FormModal:
 * mounted only while open, it still gives the focus back to the row's 'Quitar'.
 */
export function RemovePasskeyModal({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const remove = useRemovePasskey();
  const totp = useMfaStatus().data?.enabled === true;
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [general, setGeneral] = useState<string>();

  const run = async (proof: RemovalProof) => {
    if (!password) return setErrors({ password: MSG_WEBAUTHN.passwordRequired });
    if (proof !== 'key' && !proof.code) return setErrors({ code: MSG_IDENTITY.mfaCodeRequired });
    setErrors({});
    setGeneral(undefined);
    try {
      await remove.mutateAsync({ id: passkey.id, password, proof });
      toast.success(MSG_WEBAUTHN.keyRemoved);
      onClose();
    } catch (failure) {
      if (endedSession(failure)) return;
      if (!(failure instanceof ApiError)) return setGeneral(passkeyFailure(failure));
      const fields = failure.fieldErrors as Partial<Record<Field, string>>;
      if (fields.password || fields.code) return setErrors(fields);
      setGeneral(fields.response ?? failure.message);
    }
  };

  return (
    <FormModal onClose={onClose} title="Quitar llave de seguridad" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void run(totp ? { code: code.trim() } : 'key');
        }}
        noValidate
      >
        <Stack gap="sm">
          <Text size="sm">
            ¿Quitar «{passkey.name}»? Ya no servirá para ingresar. Para confirmar, ingrese su contraseña
            {totp
              ? ' y un código de su aplicación de autenticación, o toque una de sus llaves.'
              : ' y toque una de sus llaves.'}
          </Text>
          <PasswordInput
            label="Contraseña actual"
            autoComplete="current-password"
            value={password}
            error={errors.password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setErrors((e) => ({ ...e, password: undefined }));
            }}
            data-autofocus
          />
          {totp && (
            <TextInput
              label="Código de verificación"
              autoComplete="one-time-code"
              placeholder="123456"
              value={code}
              error={errors.code}
              onChange={(event) => {
                setCode(event.currentTarget.value);
                setErrors((e) => ({ ...e, code: undefined }));
              }}
            />
          )}
          {general && (
            <Alert color="red" variant="light" role="alert">
              {general}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={remove.isPending}>
              No, Volver
            </Button>
            {totp && (
              <Button type="submit" color="red" loading={remove.isPending}>
                Sí, quitar
              </Button>
            )}
          </Group>
          {webauthnAvailable() && (
            <>
              {totp && <Divider label="o" labelPosition="center" />}
              <Button
                type={totp ? 'button' : 'submit'}
                color="red"
                variant={totp ? 'light' : 'filled'}
                leftSection={<IconKey size={16} />}
                loading={remove.isPending}
                onClick={totp ? () => void run('key') : undefined}
              >
                Confirmar con llave de seguridad y quitar
              </Button>
            </>
          )}
        </Stack>
      </form>
    </FormModal>
  );
}
