import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { usePublicSettings } from '../../../lib/public-settings';
import { AuthLayout } from '../components/auth-layout';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { LoginForm } from '../components/login-form';
import { InstitutionalLogin } from '../components/institutional-login';
import { MfaForm } from '../components/mfa-form';

/** '/' and '/log_in' (spec 01 section 2). */
export function LoginPage() {
  const { appName, institutionalLogin } = usePublicSettings();
  const [mode, setMode] = useState<'login' | 'forgot'>('login');
  // Set once the password was right for a user with a second factor.
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  return (
    <AuthLayout>
      <Stack gap="lg">
        <Stack gap={4} ta="center">
          <Title order={1} fz={28}>
            Bienvenido a{' '}
            <Text span inherit c="var(--mantine-primary-color-filled)">
              {appName}
            </Text>
          </Title>
          <Text c="dimmed" fw={500}>
            Facultad de Ingeniería
          </Text>
        </Stack>
        {mfaToken !== null ? (
          <MfaForm
            mfaToken={mfaToken}
            onCancel={() => {
              setMfaToken(null);
            }}
          />
        ) : mode === 'login' ? (
          <LoginForm
            onForgotPassword={() => {
              setMode('forgot');
            }}
            onMfaRequired={setMfaToken}
          />
        ) : (
          <ForgotPasswordForm
            onCancel={() => {
              setMode('login');
            }}
          />
        )}
        {mode === 'login' && mfaToken === null && institutionalLogin && (
          <InstitutionalLogin onMfaRequired={setMfaToken} />
        )}
      </Stack>
    </AuthLayout>
  );
}
