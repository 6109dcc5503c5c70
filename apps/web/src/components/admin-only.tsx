import type { ReactNode } from 'react';
import { useSession } from '../lib/session';
import { RestrictedPage } from './notice-page';

/** An administrators' screen ('Correos'): anyone else sees why instead of a list that fails to load. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const user = useSession();
  if (user?.esAdmin) return children;
  return <RestrictedPage audience="los administradores" />;
}
