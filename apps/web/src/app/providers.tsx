import { DirectionProvider, MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { toastHost } from '../components/toast';
import { PREFERENCE_KEYS, readDirection } from '../lib/preferences';
import { cssVariablesResolver, theme } from './theme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: PREFERENCE_KEYS.colorScheme });

// The toasts' container arrives with the first toast (components/toast.ts); a toast shown before it is kept
// by the notifications store and appears when it mounts. The query cache, dates and dialogs: ShellProviders.
const NotificationsHost = lazy(() => import('./notifications-host'));

/** Its own component, so that mounting the container re-renders only this, not MantineProvider's theme variables. */
function Toasts() {
  const wanted = useSyncExternalStore(toastHost.subscribe, toastHost.wanted, toastHost.wanted);
  return (
    wanted && (
      <Suspense fallback={null}>
        <NotificationsHost />
      </Suspense>
    )
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <DirectionProvider initialDirection={readDirection()}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        colorSchemeManager={colorSchemeManager}
        // Until the user picks one with 'Modo oscuro', the device's own: index.html's loading screen already
        // follows it, and a light app after a dark loading screen flashed.
        defaultColorScheme="auto"
      >
        <Toasts />
        {children}
      </MantineProvider>
    </DirectionProvider>
  );
}
