/** db.execute() answers `{ rows }` on PGlite and an array on postgres.js; this reads either. */
export function rowsOf<T>(result: unknown): T[] {
  const r = result as { rows?: T[] };
  return Array.isArray(r) ? (r as T[]) : (r.rows ?? []);
}
