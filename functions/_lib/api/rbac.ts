import type { Role } from '../../../src/shared/api/common';

import { can } from '../../../src/shared/api/permissions';

// The role → permission table is shared with the screens (they hide what a role cannot do).
export { can, minRole, type Permission } from '../../../src/shared/api/permissions';

/** Whether `actor` may grant or take away `target` role: only owners touch owners. */
export function canManageRole(actor: Role, target: Role): boolean {
  return target === 'owner' ? actor === 'owner' : can(actor, 'manage_members');
}

/** Role a secret key acts with inside its own project and mode: data only, never keys, members or billing. */
export const SECRET_KEY_ROLE: Role = 'developer';
