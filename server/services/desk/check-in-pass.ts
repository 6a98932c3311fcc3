/**
 * The emailed check-in pass (docs/product.md#check-in-desk): the QR code of the pass link
 * (shared/check-in-pass.ts) as an inline PNG, the registration number in words, and a link to the
 * registration. Sent for one registration (from its page, by an admin or its registrant) or to every
 * active registration by an admin, a batch per call so the screen can show progress.
 */
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import { attendees, auditLog, registrations } from '../../db/schema';
import { ApiError, unprocessable } from '../../lib/errors';
import { deliverMail } from '../../mail/deliver';
import { checkInPassMail } from '../../mail/templates';
import { audit, auditClaim, type Actor } from '../operations/audit';
import type { RegistrationRow } from '../registrations/registration-derived';
import { passUrl } from '../../../shared/check-in-pass';

export const PASS_CANCELLED = 'This registration is cancelled: it has no check-in pass';
const QR_CID = 'check-in-pass';

type Deps = Pick<AppDeps, 'config' | 'mailer' | 'log'>;

/** The QR code of a registration's pass, as PNG bytes (large enough to scan from a phone screen or paper). */
export const passPng = (publicUrl: string, registrationNumber: string) =>
  QRCode.toBuffer(passUrl(publicUrl, registrationNumber), { type: 'png', width: 480, margin: 2, errorCorrectionLevel: 'M' });

/** Mails the pass of one registration to its primary email; 422 for a cancelled one, 502 when mail fails. */
export async function sendCheckInPass(db: DbOrTx, deps: Deps, reg: RegistrationRow, actor: Actor): Promise<{ message: string }> {
  if (reg.status === 'cancelled') throw unprocessable(PASS_CANCELLED);
  await mailPass(db, deps, reg);
  await audit(db, actor, PASS_SENT, { type: 'registration', id: reg.id }, null, { to: reg.primaryEmail });
  return { message: `Check-in pass sent to ${reg.primaryEmail}` };
}

const PASS_SENT = 'registration.pass_sent';

/** The pass mail itself: the QR code inline, the party's size read now. */
async function mailPass(db: DbOrTx, deps: Deps, reg: RegistrationRow): Promise<void> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(attendees)
    .where(and(eq(attendees.registrationId, reg.id), isNull(attendees.removedAt)));
  const { publicUrl, event } = deps.config;
  const mail = checkInPassMail(event, {
    name: `${reg.primaryFirstName} ${reg.primaryLastName}`.trim(),
    registrationNumber: reg.registrationNumber,
    partySize: Number(n),
    registrationLink: `${publicUrl}/registration/${encodeURIComponent(reg.registrationNumber)}`,
    qrCid: QR_CID,
  });
  const png = await passPng(publicUrl, reg.registrationNumber);
  await deliverMail(deps, {
    to: reg.primaryEmail,
    ...mail,
    images: [
      {
        filename: `check-in-pass-${reg.registrationNumber}.png`,
        cid: QR_CID,
        contentType: 'image/png',
        contentBase64: png.toString('base64'),
      },
    ],
  });
}

export interface PassBatchResult {
  sent: number;
  /** mails that could not be sent (logged); the next batch goes on past them */
  failed: number;
  /** pass as `after_id` to the next call */
  last_id: number;
  /** active registrations after last_id */
  remaining: number;
  /** active registrations in all */
  total: number;
}

/**
 * A pass mail accepted by the mail server is audited with its address (sendCheckInPass): a registration
 * with none to its present address was never sent its pass there (one sent to a mistyped address, since
 * corrected, does not count).
 */
const neverSent = sql`not exists (select 1 from audit_log a where a.entity_type = 'registration' and a.entity_id = ${registrations.id}::text and a.action = 'registration.pass_sent' and lower(a.after ->> 'to') = lower(${registrations.primaryEmail}))`;

/** How many active registrations there are, and how many of them were never sent their pass. */
export async function passCounts(db: DbOrTx): Promise<{ total: number; unsent: number }> {
  const [row] = await db
    .select({ total: count(), unsent: sql<number>`count(*) filter (where ${neverSent})` })
    .from(registrations)
    .where(eq(registrations.status, 'active'));
  return { total: Number(row.total), unsent: Number(row.unsent) };
}

/**
 * Mails the passes of the next `limit` active registrations after `afterId` (by id), one at a time;
 * `unsentOnly`: only those never sent one (`remaining` and `total` then count those alone).
 */
export async function sendCheckInPasses(
  db: DbOrTx,
  deps: Deps,
  p: { afterId: number; limit: number; unsentOnly?: boolean },
  actor: Actor,
): Promise<PassBatchResult> {
  const active = p.unsentOnly ? and(eq(registrations.status, 'active'), neverSent)! : eq(registrations.status, 'active');
  const batch = await db
    .select()
    .from(registrations)
    .where(and(active, gt(registrations.id, p.afterId)))
    .orderBy(asc(registrations.id))
    .limit(p.limit);
  let sent = 0;
  let failed = 0;
  for (const reg of batch) {
    try {
      if (p.unsentOnly) {
        // claimed under the row's lock: the audit row that says the pass was sent is written and committed
        // first, so two runs at once (two admins, two tabs) mail each family once, the second finding the
        // first's row; the mail goes after, outside the transaction (a slow mail server holds no lock and,
        // on PGlite, not the one connection), and a refused one takes its row back (docs/decisions.md
        // "Mail outside transactions")
        const claim = await db.transaction(async (tx) => {
          await tx.select({ id: registrations.id }).from(registrations).where(eq(registrations.id, reg.id)).for('update');
          // a statement of its own after the lock: it sees an audit row committed while this one waited,
          // and the row as it is now (an email corrected meanwhile gets the pass)
          const [still] = await tx
            .select()
            .from(registrations)
            .where(and(eq(registrations.id, reg.id), active));
          if (!still) return null;
          const auditId = await auditClaim(tx, actor, {
            action: PASS_SENT,
            entity: { type: 'registration', id: still.id },
            after: { to: still.primaryEmail },
          });
          return { still, auditId };
        });
        if (!claim) continue;
        try {
          await mailPass(db, deps, claim.still);
        } catch (e) {
          await db.delete(auditLog).where(eq(auditLog.id, claim.auditId));
          throw e;
        }
        sent += 1;
        continue;
      }
      await sendCheckInPass(db, deps, reg, actor);
      sent += 1;
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      failed += 1;
    }
  }
  const lastId = batch.at(-1)?.id ?? p.afterId;
  const [[{ remaining }], [{ total }]] = await Promise.all([
    db
      .select({ remaining: count() })
      .from(registrations)
      .where(and(active, gt(registrations.id, lastId))),
    db.select({ total: count() }).from(registrations).where(active),
  ]);
  return { sent, failed, last_id: lastId, remaining: Number(remaining), total: Number(total) };
}
