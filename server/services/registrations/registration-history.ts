/**
 * GET /registrations/{id}/history: the audit rows of the registration and of what hangs off it (attendees,
 * payments, flights, hotel assignments linked to it), newest first.
 */
import { desc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { HistoryEntry, Pagination } from '../../../shared/schemas/registration';
import { paginationOf } from '../../lib/pagination';

export async function registrationHistory(
  db: DbOrTx,
  registrationId: number,
  page: { page: number; limit: number },
): Promise<{ history: HistoryEntry[]; pagination: Pagination }> {
  const id = registrationId;
  const type = auditLog.entityType;
  const entity = auditLog.entityId;
  const belongs = sql`(
       (${type} = 'registration' and ${entity} = ${String(id)})
    or (${type} = 'attendee' and ${entity} in (select a.id::text from attendees a where a.registration_id = ${id}))
    or (${type} = 'payment' and ${entity} in (select p.id::text from payments p where p.registration_id = ${id}))
    or (${type} = 'flight' and ${entity} in (select f.id::text from flights f where f.registration_id = ${id}))
    or (${type} = 'hotel_assignment' and ${entity} in (select h.id::text from hotel_assignments h where h.registration_id = ${id}))
  )`;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(belongs)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(belongs),
  ]);
  const count = Number(total);
  return {
    history: rows.map((r) => ({
      id: r.id,
      action: r.action,
      actor: r.actor,
      actor_user_id: r.actorUserId,
      entity_type: r.entityType,
      entity_id: r.entityId,
      before: r.before,
      after: r.after,
      created_at: r.createdAt.toISOString(),
    })),
    pagination: paginationOf(page, count),
  };
}
