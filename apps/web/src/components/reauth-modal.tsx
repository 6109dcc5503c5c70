import { MSG_IDENTITY } from '@arandu/shared';
import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type ChangeEvent, type ReactNode } from 'react';
import { ApiError, endedSession } from '../lib/api-client';
import { FormModal } from './form-modal';

/** What re-authentication asks for: the actor's own password and current code, and a reason where one is kept. */
export interface ReauthInput {
  password: string;
  code: string;
  motivo: string;
}

type Field = keyof ReauthInput;

/**
 * The confirmation of removing or resetting a second factor (issue 41 item 4): the actor's current password
 * and a current code of their authenticator app (a recovery code where `codeHint` says so), and the reason
 * when `askMotivo`. The server checks them; its refusals show under their field, anything else above the
 * buttons. A FormModal: mounted only while open, it still gives the focus back to the button that opened it.
 */
export function ReauthModal({
  title,
  message,
  confirmLabel,
  askMotivo = false,
  codeHint,
  onConfirm,
  onClose,
}: {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  askMotivo?: boolean;
  codeHint?: string;
  onConfirm: (input: ReauthInput) => Promise<void>;
  onClose: () => void;
}) {
  const [values, setValues] = useState<ReauthInput>({ password: '', code: '', motivo: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [general, setGeneral] = useState<string>();
  const [pending, setPending] = useState(false);

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async () => {
    const input = { ...values, code: values.code.trim(), motivo: values.motivo.trim() };
    const missing: Partial<Record<Field, string>> = {};
    if (askMotivo && !input.motivo) missing.motivo = MSG_IDENTITY.mfaReasonRequired;
    if (!input.password) missing.password = MSG_IDENTITY.reauthPasswordRequired;
    if (!input.code) missing.code = MSG_IDENTITY.mfaCodeRequired;
    setErrors(missing);
    setGeneral(undefined);
    if (Object.keys(missing).length > 0) return;
    setPending(true);
    try {
      await onConfirm(input);
      onClose();
    } catch (failure) {
      if (endedSession(failure)) return;
      const fields = failure instanceof ApiError ? (failure.fieldErrors as Partial<Record<Field, string>>) : {};
      if (fields.password || fields.code || fields.motivo) setErrors(fields);
      else setGeneral(failure instanceof ApiError ? failure.message : 'No se pudo completar la operación.');
    } finally {
      setPending(false);
    }
  };

  return (
    <FormModal onClose={onClose} title={title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Text size="sm">{message}</Text>
          {askMotivo && (
            <TextInput
              label="Motivo"
              maxLength={500}
              value={values.motivo}
              error={errors.motivo}
              onChange={change('motivo')}
              data-autofocus
            />
          )}
          <PasswordInput
            label="Su contraseña actual"
            autoComplete="current-password"
            value={values.password}
            error={errors.password}
            onChange={change('password')}
            data-autofocus={askMotivo ? undefined : true}
          />
          <TextInput
            label="Código de verificación"
            description={codeHint}
            autoComplete="one-time-code"
            placeholder="123456"
            value={values.code}
            error={errors.code}
            onChange={change('code')}
          />
          {general && (
            <Alert color="red" variant="light" role="alert">
              {general}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              No, Volver
            </Button>
            <Button type="submit" color="red" loading={pending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormModal>
  );
}
