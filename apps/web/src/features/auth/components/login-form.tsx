import { MSG_CORE, type Login } from '@arandu/shared';
import { Anchor, Button, Fieldset, Stack, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { IconAt, IconLock } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { landingAfterLogin, saveSession, setViewAs } from '../../../lib/session';
import { useLogin } from '../api/login';
import { PasswordField } from './password-field';
import { fieldOf, useFieldErrors } from './use-field-errors';

/**
 * A wrong e-mail or password reads the same either way; a throttled login shows the server's text, and so does
 * a right password that may not open a session ('Sólo ingreso institucional', 403).
 */
function loginFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429 || error.status === 403) return error.message;
    if (error.status >= 400 && error.status < 500) return MSG_CORE.loginFailed;
  }
  return MSG_CORE.errorGeneric;
}

export function LoginForm({
  onForgotPassword,
  onMfaRequired,
}: {
  onForgotPassword: () => void;
  /** The password was right and the user has a second factor: the code is asked next. */
  onMfaRequired: (mfaToken: string) => void;
}) {
  const navigate = useNavigate();
  const loginCall = useLogin();
  const { errors, setErrors, clear } = useFieldErrors<'email' | 'password'>();
  // A refused login is said in the form too, by the fields it concerns (the toast alone left focus on the
  // page body and nothing marked invalid: issue 34 item 9).
  const [failure, setFailure] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const forget = (field: 'email' | 'password') => {
    clear(field);
    setFailure(null);
  };

  const logIn = async (values: Login) => {
    try {
      const reply = await loginCall.run({
        email: values.email.trim(),
        password: values.password,
        rememberMe: values.rememberMe,
      });
      if ('mfaRequired' in reply) {
        onMfaRequired(reply.mfaToken);
        return;
      }
      const user = saveSession(reply);
      const landing = landingAfterLogin(user);
      setViewAs(landing.view);
      await navigate(landing.path, { replace: true });
    } catch (error) {
      const message = loginFailureMessage(error);
      setFailure(message);
      toast.warning(message);
      // The fieldset is disabled while the call runs: focus once it is enabled again.
      requestAnimationFrame(() => emailRef.current?.focus());
    }
  };

  const submit = async (form: HTMLFormElement) => {
    // remember-me is kept hidden (spec 01 section 2).
    const values: Login = { email: fieldOf(form, 'email'), password: fieldOf(form, 'password'), rememberMe: false };
    const { hasErrors, validateLogin } = await import('../validation');
    const found = validateLogin(values);
    setErrors(found);
    setFailure(null);
    if (!hasErrors(found)) await logIn(values);
    // The first invalid field, once React has marked it.
    else requestAnimationFrame(() => form.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus());
  };

  const pending = loginCall.pending;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit(event.currentTarget);
      }}
      noValidate
    >
      <Fieldset variant="unstyled" disabled={pending}>
        <Stack gap="md">
          <TextInput
            label="Correo electrónico"
            placeholder="usuario@ejemplo.edu.py"
            type="email"
            autoComplete="username"
            leftSection={<IconAt size={16} />}
            autoFocus
            name="email"
            ref={emailRef}
            error={errors.email ?? !!failure}
            onChange={() => forget('email')}
          />
          <PasswordField
            label="Contraseña"
            autoComplete="current-password"
            leftSection={<IconLock size={16} />}
            name="password"
            // Under the last field, read by screen readers as it appears and with the field (aria-describedby).
            error={
              errors.password ??
              (failure && (
                <span id="login-failure" role="alert">
                  {failure}
                </span>
              ))
            }
            onChange={() => forget('password')}
          />
          <Button type="submit" fullWidth size="md" loading={pending} loaderProps={{ type: 'dots' }}>
            Ingresar
          </Button>
          <Anchor component="button" type="button" size="sm" ta="center" onClick={onForgotPassword}>
            ¿Olvidaste tu Contraseña?
          </Anchor>
        </Stack>
      </Fieldset>
    </form>
  );
}
