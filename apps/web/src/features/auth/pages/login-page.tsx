import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { usePublicSettings } from '../../../lib/public-settings';
import { AuthLayout } from '../components/auth-layout';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { LoginForm } from '../components/login-form';
import { InstitutionalLogin } from '../components/institutional-login';
import { MfaForm } from '../components/mfa-form';
import classes from './login-page.module.css';

/** '/' and '/log_in' (spec 01 section 2). */
export function LoginPage() {
  const { appName, institutionalLogin, universidad, facultad, tieneLogo } = usePublicSettings();
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
          {/* The institution as 'Configuración' names it (issue 44), from the public settings the page asks anyway. */}
          {tieneLogo && (
            <img src="/api/configuracion/logo" alt={`Logo de ${facultad || universidad}`} className={classes.logo} />
          )}
          {facultad && (
            <Text c="dimmed" fw={500}>
              {facultad}
            </Text>
          )}
          {universidad && (
            <Text c="dimmed" size="sm">
              {universidad}
            </Text>
          )}
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
