/**
 * Emailed verification codes (docs/product.md#security-and-limits): 6 characters from a CSPRNG over an alphabet
 * without look-alikes, stored as a hash bound to the email and the purpose, single use, valid 10 minutes,
 * at most 5 wrong tries; a new code, once mailed, invalidates the earlier ones of the same email and purpose.
 */
import { and, desc, eq, gt, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { verificationCodes } from '../../db/schema';
import { CODE_ALPHABET, randomCode, sha256 } from '../../lib/tokens';
import { CODE_LENGTH, CODE_MAX_WRONG_TRIES, CODE_TTL_MS } from '../../../shared/constants';

export type CodePurpose = 'registration' | 'flight-info';

export { CODE_TTL_MS };
export const MAX_WRONG_TRIES = CODE_MAX_WRONG_TRIES;

/** The hash binds the code to its email and purpose: a code for one never opens the other. */
const codeHash = (email: string, purpose: CodePurpose, code: string) => sha256(`${purpose}\n${email.toLowerCase()}\n${code.toUpperCase()}`);

/**
 * Issues a fresh code for `email` and `purpose` and returns it in clear, once. `deliver` mails it first:
 * when that fails nothing is stored and the code already in the visitor's inbox still works (a mail
 * server's hiccup must not cost them it); once it is out, the new code replaces the earlier ones.
 */
export async function issueCode(
  db: Db,
  email: string,
  purpose: CodePurpose,
  now = new Date(),
  deliver?: (code: string) => Promise<void>,
): Promise<{ code: string; expiresAt: Date }> {
  const normalized = email.toLowerCase();
  const code = randomCode(CODE_LENGTH);
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
  await deliver?.(code);
  await db.transaction(async (tx) => {
    await tx
      .update(verificationCodes)
      .set({ invalidatedAt: now })
      .where(
        and(
          eq(verificationCodes.email, normalized),
          eq(verificationCodes.purpose, purpose),
          isNull(verificationCodes.consumedAt),
          isNull(verificationCodes.invalidatedAt),
        ),
      );
    await tx.insert(verificationCodes).values({ email: normalized, purpose, codeHash: codeHash(normalized, purpose, code), expiresAt });
  });
  return { code, expiresAt };
}

const CODE_SHAPE = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);

/**
 * Checks `code` against the live code of `email` and `purpose` and consumes it when right. A wrong
 * code counts one try against the live code; after MAX_WRONG_TRIES it is dead even when later right.
 * Returns true exactly once per code, but for the same request sent again: with `key` (the request's
 * Idempotency-Key), a code consumed under that key is right again while it has not expired, so a
 * visitor whose answer was lost on a bad signal can tap Verify again rather than be told the code is
 * wrong. Without the key it stays single use.
 */
export async function consumeCode(
  db: DbOrTx,
  email: string,
  purpose: CodePurpose,
  code: string,
  now = new Date(),
  key?: string,
): Promise<boolean> {
  // a code no code can be (a character dropped, a 0 for an O) is wrong without a compare: no try is used up
  if (!CODE_SHAPE.test(code)) return false;
  const normalized = email.toLowerCase();
  /** this email's and purpose's codes still live by the clock, with `more` */
  const ofThisEmail = (...more: SQL[]) =>
    and(eq(verificationCodes.email, normalized), eq(verificationCodes.purpose, purpose), gt(verificationCodes.expiresAt, now), ...more);
  // this very code, consumed under this very key: the same request sent again
  const sentAgain = async () =>
    key !== undefined &&
    (
      await db
        .select({ id: verificationCodes.id })
        .from(verificationCodes)
        .where(
          ofThisEmail(
            eq(verificationCodes.codeHash, codeHash(normalized, purpose, code)),
            eq(verificationCodes.consumedKeyHash, sha256(key)),
          ),
        )
        .limit(1)
    ).length > 0;
  if (await sentAgain()) return true;
  const liveCode = db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(
      ofThisEmail(
        isNull(verificationCodes.consumedAt),
        isNull(verificationCodes.invalidatedAt),
        lt(verificationCodes.attempts, MAX_WRONG_TRIES),
      ),
    )
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  // one try is taken before the code is compared, in one statement that rechecks `attempts` under the
  // row lock: a burst of simultaneous guesses gets MAX_WRONG_TRIES compares, not one each
  const [live] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(inArray(verificationCodes.id, liveCode), lt(verificationCodes.attempts, MAX_WRONG_TRIES)))
    .returning({ id: verificationCodes.id, codeHash: verificationCodes.codeHash });
  // no live code: the same request, sent twice at once, may have consumed it a moment ago
  if (!live) return sentAgain();
  if (live.codeHash !== codeHash(normalized, purpose, code)) return false;
  // conditional update: of two concurrent right answers only one consumes the code
  const consumed = await db
    .update(verificationCodes)
    .set({ consumedAt: now, consumedKeyHash: key ? sha256(key) : null })
    .where(and(eq(verificationCodes.id, live.id), isNull(verificationCodes.consumedAt), isNull(verificationCodes.invalidatedAt)))
    .returning({ id: verificationCodes.id });
  return consumed.length === 1 || sentAgain();
}
