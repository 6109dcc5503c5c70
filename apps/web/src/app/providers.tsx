import { DirectionProvider, MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { PREFERENCE_KEYS, readDirection } from '../lib/preferences';
import { createQueryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: PREFERENCE_KEYS.colorScheme });

// The toasts' container (transitions, portal) arrives after the first paint; a toast shown before it is
// kept by the notifications store and appears when it mounts. Dates and dialogs: see ShellProviders.
const NotificationsHost = lazy(() => import('./notifications-host'));

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
          <Suspense fallback={null}>
            <NotificationsHost />
          </Suspense>
          {children}
        </MantineProvider>
      </DirectionProvider>
    </QueryClientProvider>
  );
}
