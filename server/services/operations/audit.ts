/** The audit log: who changed what, before and after, when (docs/architecture.md: every admin or greeter change). */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface Actor {
  userId: number | null;
  /** email of the user, 'registrant:R25-…', 'system' or 'cli' */
  label: string;
}

export const SYSTEM_ACTOR: Actor = { userId: null, label: 'system' };

export async function audit(
  db: DbOrTx,
  actor: Actor,
  action: string,
  entity: { type: string; id: string | number },
  before: unknown = null,
  after: unknown = null,
): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: actor.userId,
    actor: actor.label,
    action,
    entityType: entity.type,
    entityId: String(entity.id),
    before: before as object | null,
    after: after as object | null,
  });
}

/**
 * The audit row as one INSERT … SELECT … FROM `source`: a CTE of the same statement that returns a row
 * when the change was made (idempotency.ts, one op without a transaction), none when it was not.
 */
export function auditFrom(
  source: string,
  actor: Actor,
  action: string,
  entity: { type: string; id: string | number },
  before: unknown,
  after: unknown,
): SQL {
  return sql`insert into ${auditLog} (actor_user_id, actor, action, entity_type, entity_id, before, after)
    select ${actor.userId}, ${actor.label}, ${action}, ${entity.type}, ${String(entity.id)}, ${JSON.stringify(before)}::jsonb, ${JSON.stringify(after)}::jsonb
    from ${sql.raw(source)}`;
}
