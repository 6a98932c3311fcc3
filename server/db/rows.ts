import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

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

/**
 * Rows of `table` from PostgreSQL's JSON of them (`json_agg(t)` or `row_to_json(t)`: keys are the column
 * names), mapped by each column as drizzle maps a selected row (timestamps to Dates, bigints to numbers).
 * Lets one statement bring a row's children along as a JSON column.
 */
export function rowsFromJson<T extends Table>(table: T, list: readonly Record<string, unknown>[]): InferSelectModel<T>[] {
  const columns = Object.entries(getTableColumns(table));
  return list.map(
    (json) =>
      Object.fromEntries(
        columns.map(([key, column]) => {
          const value = json[column.name];
          return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
        }),
      ) as InferSelectModel<T>,
  );
}
