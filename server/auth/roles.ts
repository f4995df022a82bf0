import type { Role } from '../store/store.js';

/** People and agent roles, weakest first; `worker` tokens only open the /workers namespace. */
export const USER_ROLES = ['viewer', 'agent', 'member', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export function isUserRole(role: string): role is UserRole {
  return (USER_ROLES as readonly string[]).includes(role);
}

/** True when `role` may do what `minimum` may (a worker token may do nothing on REST). */
export function roleAtLeast(role: Role, minimum: UserRole): boolean {
  if (!isUserRole(role)) return false;
  return USER_ROLES.indexOf(role) >= USER_ROLES.indexOf(minimum);
}

/** Viewers watch; every other user role may hold a lease and act. */
export function mayHoldLease(role: Role): boolean {
  return roleAtLeast(role, 'agent');
}
