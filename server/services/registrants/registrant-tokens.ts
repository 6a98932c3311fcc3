/**
 * Registrant tokens: handed out by verify-code, valid 24 h, bound to one registration and the email it
 * was verified with. A token dies early when the visitor signs out, when the registration is cancelled
 * (and stays dead if it is reactivated), and when the registration's email changes: it then proves
 * nothing about the new address.
 */
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { registrantTokens, registrations } from '../../db/schema';
import { newToken, sha256 } from '../../lib/tokens';
import type { RegistrantAuth } from '../../context';
import { REGISTRANT_VERIFICATION_MS } from '../../../shared/constants';

export async function issueRegistrantToken(db: DbOrTx, registrationId: number, email: string) {
  const token = newToken(32);
  const expiresAt = new Date(Date.now() + REGISTRANT_VERIFICATION_MS);
  await db.insert(registrantTokens).values({ tokenHash: sha256(token), registrationId, email, expiresAt });
  return { registrantToken: token, expiresAt: expiresAt.toISOString() };
}

/** The registration a live token stands for: not expired, not revoked, its registration active and still at that email. */
export async function registrantForToken(db: DbOrTx, token: string): Promise<RegistrantAuth | null> {
  const [row] = await db
    .select({ registrationId: registrantTokens.registrationId, email: registrantTokens.email })
    .from(registrantTokens)
    .innerJoin(registrations, eq(registrations.id, registrantTokens.registrationId))
    .where(
      and(
        eq(registrantTokens.tokenHash, sha256(token)),
        gt(registrantTokens.expiresAt, new Date()),
        isNull(registrantTokens.revokedAt),
        ne(registrations.status, 'cancelled'),
        eq(sql`lower(${registrations.primaryEmail})`, sql`lower(${registrantTokens.email})`),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Ends one token (the visitor's Sign out). */
export async function revokeRegistrantToken(db: DbOrTx, token: string): Promise<void> {
  await db
    .update(registrantTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(registrantTokens.tokenHash, sha256(token)), isNull(registrantTokens.revokedAt)));
}

/** Ends every live token of a registration (cancelled, or its email changed). */
export async function revokeRegistrationTokens(db: DbOrTx, registrationId: number): Promise<void> {
  await db
    .update(registrantTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(registrantTokens.registrationId, registrationId), isNull(registrantTokens.revokedAt)));
}
