import { isStaff, type Role } from '@arandu/shared';
import type { ReactNode } from 'react';
import { useSession, type StoredUser } from '../lib/session';
import { RestrictedPage } from './notice-page';

const rolesOf = (user: StoredUser | null): Role[] => (user?.roles ?? []).map((r) => r.role as Role);

/**
 * A staff screen (Administrador or Funcionario). Anyone else sees why they cannot use it instead of a list
 * that fails to load; the server refuses the calls either way (DOMAIN.md section 2).
 */
export function StaffOnly({ children }: { children: ReactNode }) {
  const user = useSession();
  if (isStaff({ roles: rolesOf(user) })) return children;
  return <RestrictedPage audience="el personal de la facultad" />;
}
