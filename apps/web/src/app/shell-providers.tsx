import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import type { ReactNode } from 'react';

/**
 * What only the signed-in screens use (date inputs, confirmation dialogs), kept out of the root providers so
 * the login page downloads neither (issue 16: the login route's JavaScript).
 */
export function ShellProviders({ children }: { children: ReactNode }) {
  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1, weekendDays: [0] }}>
      <ModalsProvider labels={{ confirm: 'Aceptar', cancel: 'Cancelar' }}>{children}</ModalsProvider>
    </DatesProvider>
  );
}
