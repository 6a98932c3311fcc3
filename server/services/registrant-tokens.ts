/** Registrant tokens: handed out by verify-code, valid 24 h, bound to one registration. */
import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { registrantTokens } from '../db/schema';
import { newToken, sha256 } from '../lib/tokens';
import type { RegistrantAuth } from '../context';
import { REGISTRANT_VERIFICATION_MS } from '../../shared/constants';

export async function issueRegistrantToken(db: DbOrTx, registrationId: number, email: string) {
  const token = newToken(32);
  const expiresAt = new Date(Date.now() + REGISTRANT_VERIFICATION_MS);
  await db.insert(registrantTokens).values({ tokenHash: sha256(token), registrationId, email, expiresAt });
  return { registrantToken: token, expiresAt: expiresAt.toISOString() };
}

export async function registrantForToken(db: DbOrTx, token: string): Promise<RegistrantAuth | null> {
  const [row] = await db
    .select({ registrationId: registrantTokens.registrationId, email: registrantTokens.email })
    .from(registrantTokens)
    .where(and(eq(registrantTokens.tokenHash, sha256(token)), gt(registrantTokens.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}
