/**
 * POST /registrations/request-flight-info: the flight-info link mailed to every active registration of
 * the list's current filter, one at a time (each in its own transaction, see flight-requests.ts), so one
 * refused mail does not undo the others. Registrations asked within the last 24 hours are skipped and
 * counted, so pressing the button twice does not spam anyone.
 * With `limit` (the screen shows progress) one call sends to at most `limit` eligible
 * registrations and says how many are left; those it asked are now 'recent', so the next call moves on.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import { registrations } from '../../db/schema';
import type { Actor } from '../operations/audit';
import { flightLink, LINK_TTL_MS, sendFlightInfoRequestUnlessAsked } from './flight-requests';
import { flightInfoLinkMail } from '../../mail/templates';
import { filterCondition } from '../registrations/registration-filters';
import type { RegistrationFilters } from '../../../shared/schemas/registration';

export const RECENT_REQUEST_MS = 24 * 60 * 60 * 1000;

export interface BulkResult {
  /** mails sent */
  sent: number;
  /** registrations asked within the last 24 h, left alone */
  skipped_recent: number;
  /** registrations whose mail could not be sent (logged; can be retried) */
  failed: number;
  /** only when some failed: which, so the screen can name them */
  failed_registrations?: { registration_number: string; name: string }[];
  /** active registrations matching the filter */
  total: number;
  /** only with `limit`: registrations still to ask (not asked within 24 h) after this call */
  remaining?: number;
}

/** What a bulk request would do, sending nothing: how many get the mail, how many are skipped, and the mail. */
export interface BulkPreview {
  /** active registrations matching the filters */
  total: number;
  /** those that would get the mail now */
  recipients: number;
  /** asked within the last 24 hours, left alone */
  skipped_recent: number;
  /** the mail the first recipient would get (its link a placeholder) */
  preview: { to: string; subject: string; text: string } | null;
}

export async function previewFlightInfoBulk(
  db: DbOrTx,
  deps: Pick<AppDeps, 'config'>,
  filters: RegistrationFilters,
  now = new Date(),
): Promise<BulkPreview> {
  const targets = await db
    .select()
    .from(registrations)
    .where(and(filterCondition(filters), eq(registrations.status, 'active')))
    .orderBy(asc(registrations.id));
  const cutoff = now.getTime() - RECENT_REQUEST_MS;
  const eligible = targets.filter((reg) => !(reg.flightInfoRequestedAt && reg.flightInfoRequestedAt.getTime() > cutoff));
  const first = eligible[0];
  const mail = first
    ? flightInfoLinkMail(deps.config.event, {
        name: `${first.primaryFirstName} ${first.primaryLastName}`,
        registrationNumber: first.registrationNumber,
        link: flightLink(deps.config.publicUrl, '…'),
        expiresAt: new Date(now.getTime() + LINK_TTL_MS),
      })
    : null;
  return {
    total: targets.length,
    recipients: eligible.length,
    skipped_recent: targets.length - eligible.length,
    preview: first && mail ? { to: first.primaryEmail, subject: mail.subject, text: mail.text } : null,
  };
}

export async function requestFlightInfoBulk(
  db: DbOrTx,
  deps: Pick<AppDeps, 'config' | 'mailer' | 'log'>,
  filters: RegistrationFilters,
  actor: Actor,
  now = new Date(),
  /** at most this many eligible registrations in this call (the rest are counted in `remaining`) */
  limit?: number,
): Promise<BulkResult> {
  const targets = await db
    .select({
      id: registrations.id,
      number: registrations.registrationNumber,
      firstName: registrations.primaryFirstName,
      lastName: registrations.primaryLastName,
      askedAt: registrations.flightInfoRequestedAt,
    })
    .from(registrations)
    .where(and(filterCondition(filters), eq(registrations.status, 'active')))
    .orderBy(asc(registrations.id));
  const cutoff = now.getTime() - RECENT_REQUEST_MS;
  const eligible = targets.filter((reg) => !(reg.askedAt && reg.askedAt.getTime() > cutoff));
  const batch = limit === undefined ? eligible : eligible.slice(0, limit);
  const result: BulkResult = { sent: 0, skipped_recent: targets.length - eligible.length, failed: 0, total: targets.length };
  deps.log.info({ total: targets.length, batch: batch.length, actor: actor.label }, 'bulk flight-info request started');
  const failed: NonNullable<BulkResult['failed_registrations']> = [];
  for (const [i, reg] of batch.entries()) {
    try {
      // asked meanwhile by another request (read again under the row's lock): left alone, as the recent are
      if (await sendFlightInfoRequestUnlessAsked(db, deps, reg.id, actor, new Date(cutoff))) result.sent++;
      else result.skipped_recent++;
    } catch (err) {
      result.failed++;
      failed.push({ registration_number: reg.number, name: `${reg.firstName} ${reg.lastName}` });
      deps.log.warn({ err, registration: reg.number }, 'flight-info request mail failed');
    }
    if ((i + 1) % 25 === 0) deps.log.info({ done: i + 1, ...result }, 'bulk flight-info request progress');
  }
  if (failed.length) result.failed_registrations = failed;
  if (limit !== undefined) result.remaining = eligible.length - batch.length;
  deps.log.info(result, 'bulk flight-info request finished');
  return result;
}
