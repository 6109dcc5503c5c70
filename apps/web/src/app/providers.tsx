import { DirectionProvider, MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { PREFERENCE_KEYS, readDirection } from '../lib/preferences';
import { createQueryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: PREFERENCE_KEYS.colorScheme });

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <DirectionProvider initialDirection={readDirection()}>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          colorSchemeManager={colorSchemeManager}
          defaultColorScheme="light"
        >
          <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1, weekendDays: [0] }}>
            <ModalsProvider labels={{ confirm: 'Aceptar', cancel: 'Cancelar' }}>
              <Notifications position="top-right" zIndex={1000} />
              {children}
            </ModalsProvider>
          </DatesProvider>
        </MantineProvider>
      </DirectionProvider>
    </QueryClientProvider>
  );
}
