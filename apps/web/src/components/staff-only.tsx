import type { ReactNode } from 'react';
import { userCan, useSession } from '../lib/session';
import { RestrictedPage } from './notice-page';

/**
 * A staff screen (Administrador or Funcionario: who holds 'users:manage', the permission table's staff). Anyone else sees why they cannot use it instead of a list
 * that fails to load; the server refuses the calls either way (DOMAIN.md section 2).
 */
export function StaffOnly({ children }: { children: ReactNode }) {
  const user = useSession();
  if (userCan(user, 'users:manage')) return children;
  return <RestrictedPage audience="el personal de la facultad" />;
}
