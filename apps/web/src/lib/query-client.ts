import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { createElement, useContext, type ReactNode } from 'react';
import { ApiError } from './api-client';

/** A 4xx answer does not change on a retry; a lost connection or a 5xx may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

let appClient: QueryClient | undefined;

/** The signed-in screens' query cache; a route's loader fills it before the screen renders (app/router.tsx). */
export function appQueryClient(): QueryClient {
  appClient ??= createQueryClient();
  return appClient;
}

/**
 * The query cache of the signed-in screens. It wraps the shell, not the whole app, so the login route downloads
 * no React Query (issue 16). Under a provider already there (a test's) it adds none.
 */
export function AppQueryProvider({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return children;
  return createElement(QueryClientProvider, { client: appQueryClient() }, children);
}
