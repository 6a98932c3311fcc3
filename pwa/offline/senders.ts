/**
 * Who may send each kind of change the outbox keeps: the roles the server's route for it accepts
 * (docs/product.md#roles-and-access; the permission matrix test holds the two together). A change
 * another user made on this device waits for one of them (owner.ts): sent under a user the server
 * refuses, it would only come back refused.
 */
import type { Role } from '../../shared/constants';
import type { OpKind } from './types';

export const OP_SENDERS: Record<OpKind, readonly Role[]> = {
  pickup: ['admin', 'greeter'],
  'check-in': ['admin', 'checkin'],
  payment: ['admin', 'checkin'],
  'hotel-link': ['admin'],
};

/** Whether a user of `role` may send a change of `kind`; with no recorded role, the server decides. */
export const maySend = (role: Role | null | undefined, kind: OpKind): boolean => !role || OP_SENDERS[kind].includes(role);

/** The roles that may send every one of `kinds` (always the admins, at least). */
export function sendersOfAll(kinds: Iterable<OpKind>): Role[] {
  let roles: readonly Role[] | null = null;
  for (const kind of kinds) roles = (roles ?? OP_SENDERS[kind]).filter((r) => OP_SENDERS[kind].includes(r));
  return [...(roles ?? [])];
}
