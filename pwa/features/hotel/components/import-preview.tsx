/**
 * The dry run's answer: each row of the rooming list with what importing does and what to check, or its errors. After the
 * import (`leftOut`), the rows it refused (what is still missing from the list, and why) and those it took with a warning to check.
 */
import type { ImportResult } from '../../../../shared/schemas/hotel';
import { formatDate } from '../../../lib/format';

const ACTION: Record<string, string> = { create: 'New', update: 'Update', unchanged: 'Unchanged' };
/** The columns' names as the table heads them, for an update's "Room #: 214 → 318". */
const COLUMN: Record<string, string> = {
  guest_name: 'Guest Name',
  room_type: 'Room Type',
  room_number: 'Room #',
  check_in_date: 'Check-in',
  check_out_date: 'Check-out',
  nights: 'Nights',
  vip_status: 'VIP',
  notes: 'Notes',
};

type Change = NonNullable<ImportResult['rows'][number]['changes']>[number];
const shown = (field: string, value: Change['from']) =>
  value === null || value === '' ? '(empty)' : field.endsWith('_date') ? formatDate(String(value)) || String(value) : String(value);
/** "Room #: 214 → 318": what an update changes in the stored booking. */
const changeText = ({ field, from, to }: Change) => `${COLUMN[field] ?? field}: ${shown(field, from)} → ${shown(field, to)}`;

/** Whether an import's answer has rows to keep on screen after it: refused, or imported with a warning to check. */
export const hasRowsToShow = (result: ImportResult) => result.rows.some((r) => r.errors.length > 0 || (r.warnings ?? []).length > 0);

export function ImportPreview({ result, leftOut = false }: { result: ImportResult; leftOut?: boolean }) {
  const { mapped, ignored } = result.columns;
  // an older server sends no warnings
  const warningsOf = (r: ImportResult['rows'][number]) => r.warnings ?? [];
  const rows = leftOut ? result.rows.filter((r) => r.errors.length > 0 || warningsOf(r).length > 0) : result.rows;
  const checks = result.rows.filter((r) => !r.errors.length && warningsOf(r).length).length;
  const refused = result.rows.filter((r) => r.errors.length > 0).length;
  return (
    <div className="import-preview">
      {leftOut ? (
        <>
          {refused > 0 && (
            <p>
              <strong className="text-danger">{refused}</strong> row{refused === 1 ? ' was' : 's were'} not imported: fix{' '}
              {refused === 1 ? 'it' : 'them'} in the file and import it again.
            </p>
          )}
          {checks > 0 && (
            <p>
              <strong>{checks}</strong> row{checks === 1 ? ' was' : 's were'} imported with something to check: see the warning.
            </p>
          )}
        </>
      ) : (
        <p>
          <strong>{result.valid}</strong> row{result.valid === 1 ? '' : 's'} ready to import ({result.created} new, {result.updated} to
          update, {result.unchanged} unchanged)
          {result.invalid > 0 && (
            <>
              , <strong className="text-danger">{result.invalid}</strong> with errors (not imported)
            </>
          )}
          {checks > 0 && <>, {checks} to check (they import; see the warning)</>}.
        </p>
      )}
      <p className="note">
        Columns used:{' '}
        {Object.entries(mapped)
          .map(([field, header]) => `${header} → ${field.replace(/_/g, ' ')}`)
          .join(', ') || 'none'}
        {ignored.length > 0 && `; ignored: ${ignored.join(', ')}`}
      </p>
      <div className="table-wrap">
        <table className="table import-table">
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Guest Name</th>
              <th scope="col">Confirmation #</th>
              <th scope="col">Room Type</th>
              <th scope="col">Room #</th>
              <th scope="col">Check-in</th>
              <th scope="col">Check-out</th>
              <th scope="col">Nights</th>
              <th scope="col">VIP</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.line} className={r.errors.length ? 'import-row-error' : undefined}>
                <td>{r.line}</td>
                <td>{r.data.guest_name}</td>
                <td>{r.data.confirmation_number}</td>
                <td>{r.data.room_type}</td>
                <td>{r.data.room_number}</td>
                <td>{formatDate(r.data.check_in_date) || r.data.check_in_date}</td>
                <td>{formatDate(r.data.check_out_date) || r.data.check_out_date}</td>
                <td>{r.data.nights}</td>
                <td>{r.data.vip_status}</td>
                <td>
                  {r.errors.length ? (
                    <ul className="row-errors">
                      {r.errors.map((e) => (
                        <li key={e}>{e}</li>
                      ))}
                    </ul>
                  ) : (
                    <>
                      {ACTION[r.action ?? ''] ?? ''}
                      {r.changes && r.changes.length > 0 && (
                        <ul className="row-changes">
                          {r.changes.map((c) => (
                            <li key={c.field}>{changeText(c)}</li>
                          ))}
                        </ul>
                      )}
                      {warningsOf(r).length > 0 && (
                        <ul className="row-warnings">
                          {warningsOf(r).map((w) => (
                            <li key={w}>{w}</li>
                          ))}
                        </ul>
                      )}
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
