/** db.execute() answers `{ rows }` on PGlite and an array on postgres.js; this reads either. */
export function rowsOf<T>(result: unknown): T[] {
  const r = result as { rows?: T[] };
  return Array.isArray(r) ? (r as T[]) : (r.rows ?? []);
}

/**
 * Values as ONE array parameter's text, for `= any(${arrayText(ids)}::int[])`: with inArray every value is
 * its own bound parameter, and building such queries costs (a fifth of the export's time).
 */
export const arrayText = (values: readonly (number | string)[]) => `{${values.join(',')}}`;

/** Integer ids as one array parameter's text (`::int[]`). */
export const intArrayText = (ids: readonly number[]) => arrayText(ids.map((n) => Math.trunc(n)));

/** A timestamp as ISO text (a `::timestamptz` parameter, or a JSON field), or null. */
export const isoOrNull = (d: Date | null | undefined) => d?.toISOString() ?? null;
