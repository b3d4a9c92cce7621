import type { Role } from './common.ts';

/**
 * What each role may do (docs/api.md "Roles"): the API enforces it and the screens hide what a role cannot do, from
 * this one table. Viewers read; developers manage data, policies, contracts, webhooks; admins also keys, auth
 * configuration, members (not owners) and billing; owners also delete the project and transfer ownership.
 */
export type Permission =
  | 'read'
  | 'write_data'
  | 'manage_keys'
  | 'manage_auth'
  | 'manage_members'
  | 'manage_billing'
  | 'manage_project'
  | 'read_audit'
  | 'delete_project';

const RANK: Record<Role, number> = { viewer: 0, developer: 1, admin: 2, owner: 3 };
const MIN_ROLE: Record<Permission, Role> = {
  read: 'viewer',
  write_data: 'developer',
  manage_keys: 'admin',
  manage_auth: 'admin',
  manage_members: 'admin',
  manage_billing: 'admin',
  manage_project: 'admin',
  read_audit: 'admin',
  delete_project: 'owner',
};

/** Whether `role` grants `permission`. */
export function can(role: Role, permission: Permission): boolean {
  return RANK[role] >= RANK[MIN_ROLE[permission]];
}

/** Lowest role that grants a permission (for docs and OpenAPI). */
export function minRole(permission: Permission): Role {
  return MIN_ROLE[permission];
}

/** Whether `actor` may grant or take away the `target` role (invite, change, remove): only owners touch owners. */
export function canManageRole(actor: Role, target: Role): boolean {
  return target === 'owner' ? actor === 'owner' : can(actor, 'manage_members');
}
