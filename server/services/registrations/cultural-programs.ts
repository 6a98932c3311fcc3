/**
 * An attendee's cultural programs (docs/product.md#api Attendee): read in the order chosen, and replaced
 * as a whole when an attendee is created or its list is sent again. A choice, not a record: the old
 * rows go, and the attendee's audit entry keeps the list before and after.
 */
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { culturalPrograms } from '../../db/schema';

export type ProgramRow = { id: number; programType: string };

const columns = { id: culturalPrograms.id, programType: culturalPrograms.programType };

export async function programsOf(tx: DbOrTx, attendeeId: number): Promise<ProgramRow[]> {
  return tx.select(columns).from(culturalPrograms).where(eq(culturalPrograms.attendeeId, attendeeId)).orderBy(asc(culturalPrograms.id));
}

/** Replaces the attendee's programs with `programs`; the rows as saved. */
export async function savePrograms(tx: DbOrTx, attendeeId: number, programs: readonly { program_type: string }[]): Promise<ProgramRow[]> {
  await tx.delete(culturalPrograms).where(eq(culturalPrograms.attendeeId, attendeeId));
  if (programs.length === 0) return [];
  return tx
    .insert(culturalPrograms)
    .values(programs.map((p) => ({ attendeeId, programType: p.program_type })))
    .returning(columns);
}
