import { DirectionProvider, MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { toastHost } from '../components/toast';
import { PREFERENCE_KEYS, readDirection } from '../lib/preferences';
import { cssVariablesResolver, theme } from './theme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: PREFERENCE_KEYS.colorScheme });

// The toasts' container arrives with the first toast (components/toast.ts); a toast shown before it is kept
// by the notifications store and appears when it mounts. The query cache, dates and dialogs: ShellProviders.
const NotificationsHost = lazy(() => import('./notifications-host'));

export function Providers({ children }: { children: ReactNode }) {
  const toastsWanted = useSyncExternalStore(toastHost.subscribe, toastHost.wanted, toastHost.wanted);
  return (
    <DirectionProvider initialDirection={readDirection()}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="light"
      >
        {toastsWanted && (
          <Suspense fallback={null}>
            <NotificationsHost />
          </Suspense>
        )}
        {children}
      </MantineProvider>
    </DirectionProvider>
  );
}
