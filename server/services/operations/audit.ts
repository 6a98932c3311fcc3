/** The audit log: who changed what, before and after, when (docs/architecture.md: every admin or greeter change). */
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
