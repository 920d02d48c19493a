/** Permissions follow roles and tier; an account's grants are rewritten whenever its roles change. */
import { eq } from 'drizzle-orm';
import type { ClientTier, Permission, Role } from '../../../shared/enums.js';
import type { DbOrTx } from '../../db/database.js';
import { permissions } from '../../db/schema.js';
/** Permissions by role and tier (DESIGN §4 gates). */
export function permissionsFor(role: Role, tier: ClientTier): Permission[] {
  const out: Permission[] = [];
  // A price override happens on a quote, so the price-override role trades like a dealer.
  if (role === 'clientdealer' || role === 'priceoverride') out.push('client.can_trade');
  if (tier === 'PREMIUM') out.push('finstruments.has_security_data_access');
  if (tier === 'PREMIUM' && (role === 'clientdealer' || role === 'clientopsadmin')) out.push('inventory.has_inventory_access');
  if (role === 'clientopsadmin') out.push('client.view_client');
  return out;
}

/** The permissions `roles` earn at a client of `tier`. */
export function permissionsForRoles(roles: readonly Role[], tier: ClientTier): Permission[] {
  return [...new Set(roles.flatMap((role) => permissionsFor(role, tier)))];
}

/** Replaces the permissions of an account with those its roles earn. */
export async function rewriteGrants(tx: DbOrTx, userAccountId: number, roles: readonly Role[], tier: ClientTier): Promise<void> {
  await tx.delete(permissions).where(eq(permissions.userAccountId, userAccountId));
  const codes = permissionsForRoles(roles, tier);
  if (codes.length > 0) await tx.insert(permissions).values(codes.map((code) => ({ userAccountId, code })));
}
