import { DirectionProvider, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { colorSchemeManager } from '../app/providers';
import { createRoutes } from '../app/router';
import { theme } from '../app/theme';

/**
 * The app's root providers for a test. A component rendered on its own also needs the dialogs host that the
 * signed-in layout (ShellProviders) gives the real app; `renderApp` renders that layout, so it asks for none.
 */
export function TestProviders({ children, modals = true }: { children: ReactNode; modals?: boolean }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <DirectionProvider>
        <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} env="test">
          <Notifications />
          {modals ? <ModalsProvider>{children}</ModalsProvider> : children}
        </MantineProvider>
      </DirectionProvider>
    </QueryClientProvider>
  );
}

/** Renders the whole app (all routes, lazy screens included) at `path`; returns the router to inspect its location. */
export function renderApp(path: string) {
  notifications.clean();
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  const view = render(
    <TestProviders modals={false}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { router, ...view };
}
