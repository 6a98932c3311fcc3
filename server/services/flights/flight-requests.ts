/**
 * Emailed links to the tokenised flight form /flight-info/{token} (link tokens in docs/product.md#security-and-limits;
 * reuse in docs/decisions.md "Visitors"): 32 random bytes, only the SHA-256 stored, valid 14 days, reusable until
 * then so a visitor can correct their flights. Sent by an admin (request-flight-info, and the bulk request) or by a visitor's lookup.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import { flightInfoRequests, registrations } from '../../db/schema';
import { gone, notFound, unprocessable } from '../../lib/errors';
import { newToken, sha256 } from '../../lib/tokens';
import { deliverMail } from '../../mail/deliver';
import { flightInfoLinkMail } from '../../mail/templates';
import { audit, type Actor } from '../operations/audit';
import type { RegistrationRow } from '../registrants/registrant-summary';

export const LINK_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export const LINK_MESSAGES = {
  invalid: 'This link is invalid. Please check the link in your email or request a new one.',
  expired: 'This link has expired. Please request a new one.',
} as const;

export const flightLink = (publicUrl: string, token: string) => `${publicUrl}/flight-info/${token}`;

/**
 * Creates a link token for the registration and mails the link to its primary email; sets
 * flight_info_requested_at and writes an audit entry. Nothing of it stays unless the mail was accepted
 * (else 502). Throws 404 for an unknown registration.
 */
export const CANCELLED_NO_REQUEST = 'This registration is cancelled: reactivate it before asking for flight information';

export async function sendFlightInfoRequest(
  db: DbOrTx,
  deps: Pick<AppDeps, 'config' | 'mailer' | 'log'>,
  registrationId: number,
  actor: Actor,
): Promise<{ sentTo: string; expiresAt: string }> {
  return (await sendFlightInfoRequestUnlessAsked(db, deps, registrationId, actor, null))!;
}

/**
 * sendFlightInfoRequest, but sending nothing (null) when the registration was asked after `askedAfter`,
 * read under the row's lock: two bulk requests at once (two admins, two tabs) then mail each family once.
 *
 * The request is stamped and committed first, and the mail sent after, outside any transaction: a slow
 * mail server then holds no row lock, no sync version and (on PGlite) not the one connection every
 * other request waits for. The stamp claims the family, so a second run finds it asked; a mail refused
 * takes the link and the stamp back (the stamp only if nobody asked again meanwhile), and the audit
 * entry is written once the mail was accepted (docs/decisions.md "Mail outside transactions").
 */
export async function sendFlightInfoRequestUnlessAsked(
  db: DbOrTx,
  deps: Pick<AppDeps, 'config' | 'mailer' | 'log'>,
  registrationId: number,
  actor: Actor,
  askedAfter: Date | null,
): Promise<{ sentTo: string; expiresAt: string } | null> {
  const token = newToken(32);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + LINK_TTL_MS);
  const claimed = await db.transaction(async (tx) => {
    const [reg] = await tx.select().from(registrations).where(eq(registrations.id, registrationId)).for('update');
    if (!reg) throw notFound('Registration not found');
    // its link would only say "This link is invalid": the guest can do nothing with it
    if (reg.status === 'cancelled') throw unprocessable(CANCELLED_NO_REQUEST);
    if (askedAfter && reg.flightInfoRequestedAt && reg.flightInfoRequestedAt.getTime() > askedAfter.getTime()) return null;
    const [request] = await tx
      .insert(flightInfoRequests)
      .values({
        registrationId,
        // the app's clock, as the cancellation's `cancelled_at` (linkStillStands compares the two)
        createdAt: now,
        tokenHash: sha256(token),
        sentTo: reg.primaryEmail,
        createdBy: actor.userId,
        expiresAt,
      })
      .returning({ id: flightInfoRequests.id });
    await tx
      .update(registrations)
      .set({ flightInfoRequestedAt: now, updatedAt: now, version: sql`nextval('sync_version_seq')` })
      .where(eq(registrations.id, registrationId));
    return { reg, requestId: request.id };
  });
  if (!claimed) return null;
  const { reg } = claimed;
  const content = flightInfoLinkMail(deps.config.event, {
    name: `${reg.primaryFirstName} ${reg.primaryLastName}`,
    registrationNumber: reg.registrationNumber,
    link: flightLink(deps.config.publicUrl, token),
    expiresAt,
  });
  try {
    await deliverMail(deps, { to: reg.primaryEmail, ...content });
  } catch (err) {
    // the stamp, when still this claim's, goes back to the newest link mailed to the present address
    // since the last cancellation (expired or not: the stamp says when the family was last asked), or
    // none: two claims that both failed leave what was there before either
    await db.transaction(async (tx) => {
      await tx.delete(flightInfoRequests).where(eq(flightInfoRequests.id, claimed.requestId));
      await tx
        .update(registrations)
        .set({
          flightInfoRequestedAt: sql`(select max(r.created_at) from ${flightInfoRequests} r where r.registration_id = ${registrations.id} and lower(r.sent_to) = lower(${registrations.primaryEmail}) and (${registrations.cancelledAt} is null or r.created_at > ${registrations.cancelledAt}))`,
          version: sql`nextval('sync_version_seq')`,
        })
        .where(and(eq(registrations.id, registrationId), eq(registrations.flightInfoRequestedAt, now)));
    });
    throw err;
  }
  await audit(db, actor, 'flight-info.request', { type: 'registration', id: registrationId }, null, {
    sentTo: reg.primaryEmail,
    expiresAt: expiresAt.toISOString(),
  });
  return { sentTo: reg.primaryEmail, expiresAt: expiresAt.toISOString() };
}

/** Tokens are base64url; anything else cannot be one of ours and is refused without a lookup. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;

/**
 * The live request and registration behind a link token: 404 for an unknown (or forged) token, a
 * cancelled registration, a link sent to an address the registration no longer has (a corrected email:
 * the old address proves nothing now), or one sent before the registration was last cancelled (it stays
 * dead after a reactivation, as the registrant tokens do); 410 once expired.
 */
export async function requestForToken(
  db: DbOrTx,
  token: string,
  now = new Date(),
): Promise<{ request: typeof flightInfoRequests.$inferSelect; registration: RegistrationRow }> {
  if (!TOKEN_SHAPE.test(token)) throw notFound(LINK_MESSAGES.invalid);
  const [row] = await db
    .select({ request: flightInfoRequests, registration: registrations })
    .from(flightInfoRequests)
    .innerJoin(registrations, eq(registrations.id, flightInfoRequests.registrationId))
    .where(eq(flightInfoRequests.tokenHash, sha256(token)))
    .limit(1);
  if (!row || !linkStillStands(row.request, row.registration)) throw notFound(LINK_MESSAGES.invalid);
  if (row.request.expiresAt.getTime() <= now.getTime()) throw gone(LINK_MESSAGES.expired);
  return row;
}

function linkStillStands(request: typeof flightInfoRequests.$inferSelect, registration: RegistrationRow): boolean {
  if (registration.status === 'cancelled') return false;
  if (request.sentTo.toLowerCase() !== registration.primaryEmail.toLowerCase()) return false;
  const cancelled = registration.cancelledAt?.getTime();
  return cancelled === undefined || request.createdAt.getTime() > cancelled;
}

/** Records the last time the link was used to submit flights. */
export async function markRequestUsed(db: DbOrTx, requestId: number, now = new Date()): Promise<void> {
  await db.update(flightInfoRequests).set({ usedAt: now }).where(eq(flightInfoRequests.id, requestId));
}
