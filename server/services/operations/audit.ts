/** The audit log: who changed what, before and after, when (docs/architecture.md#data: every change by staff). */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface Actor {
  userId: number | null;
  /** email of the user, 'registrant:R25-…', 'system' or 'cli' */
  label: string;
}

export const SYSTEM_ACTOR: Actor = { userId: null, label: 'system' };

export interface AuditEntry {
  action: string;
  entity: { type: string; id: string | number };
  before?: unknown;
  after?: unknown;
}

export async function audit(
  db: DbOrTx,
  actor: Actor,
  action: string,
  entity: { type: string; id: string | number },
  before: unknown = null,
  after: unknown = null,
): Promise<void> {
  await auditAll(db, actor, [{ action, entity, before, after }]);
}

const rowOf = (actor: Actor, e: AuditEntry) => ({
  actorUserId: actor.userId,
  actor: actor.label,
  action: e.action,
  entityType: e.entity.type,
  entityId: String(e.entity.id),
  before: (e.before ?? null) as object | null,
  after: (e.after ?? null) as object | null,
});

/** Several audit rows by one actor in one INSERT (one statement instead of one per row). */
export async function auditAll(db: DbOrTx, actor: Actor, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(entries.map((e) => rowOf(actor, e)));
}

/** One audit row, returning its id: a row that claims something and is taken back when the claim fails. */
export async function auditClaim(db: DbOrTx, actor: Actor, entry: AuditEntry): Promise<number> {
  const [row] = await db.insert(auditLog).values(rowOf(actor, entry)).returning({ id: auditLog.id });
  return row.id;
}

/**
 * Audit rows as one INSERT … SELECT inside a statement that makes the changes (idempotency.ts, one op
 * without a transaction): a row for each of `rows` whose entity id `source` (a CTE of the same statement
 * that returns the `id` of each row it changed) returned, none for the others.
 */
export function auditRowsFrom(
  source: string,
  actor: Actor,
  action: string,
  entityType: string,
  rows: { id: number; before: unknown; after: unknown }[],
): SQL {
  return sql`insert into ${auditLog} (actor_user_id, actor, action, entity_type, entity_id, before, after)
    select ${actor.userId}::int, ${actor.label}::text, ${action}::text, ${entityType}::text, r.id::text, r.before, r.after
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id int, before jsonb, after jsonb)
    join ${sql.raw(source)} changed on changed.id = r.id`;
}
