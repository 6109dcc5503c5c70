import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { useEffect, type ReactNode } from 'react';
import { toastHost } from '../components/toast';
import { AppQueryProvider } from '../lib/query-client';

/**
 * What only the signed-in screens use (the query cache, date inputs, confirmation dialogs), kept out of the
 * root providers so the login page downloads none of it (issue 16: the login route's JavaScript).
 */
export function ShellProviders({ children }: { children: ReactNode }) {
  // The signed-in screens toast often: their container is fetched now, not at their first toast.
  useEffect(() => toastHost.want(), []);
  return (
    <AppQueryProvider>
      <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1, weekendDays: [0] }}>
        <ModalsProvider labels={{ confirm: 'Aceptar', cancel: 'Cancelar' }}>{children}</ModalsProvider>
      </DatesProvider>
    </AppQueryProvider>
  );
}
