/** The four cards of the dashboard (docs/product.md#screens): Total Arrivals, Total Passengers, Unique Flights, Picked Up (with Pending). */
import type { ArrivalTotals } from '../lib/arrival-summary';
import { countOf } from '../../../lib/format';

function Stat({ label, value, note }: { label: string; value: number; note?: string }) {
  return (
    <div className="card stat-card">
      <p className="stat-label">{label}</p>
      <p className="stat-value">{value}</p>
      {note && <p className="stat-note">{note}</p>}
    </div>
  );
}

/** A card's name, said to screen readers (and found by name) on the phone's line, which shows only the count. */
const Named = ({ children }: { children: string }) => <span className="visually-hidden">{children} </span>;

/**
 * The four counters; on a phone one line, so the flights and their controls come first, ending with
 * `note` (what the counts cover, when a board says more than its day: its night). The line keeps the
 * cards' names, unseen.
 */
export function ArrivalCards({ totals, compact = false, note }: { totals: ArrivalTotals; compact?: boolean; note?: string }) {
  if (compact) {
    return (
      <p className="arrival-totals-line" aria-label="Arrival totals">
        <Named>Total Arrivals</Named>
        {countOf(totals.totalArrivals, 'arrival')} · <Named>Total Passengers</Named>
        {countOf(totals.totalPassengers, 'passenger')} · <Named>Unique Flights</Named>
        {countOf(totals.uniqueFlights, 'flight')} · Picked Up {totals.pickedUp} · Pending: {totals.pending}
        {note && <span className="board-night"> · {note}</span>}
      </p>
    );
  }
  return (
    <section className="stat-cards" aria-label="Arrival totals">
      <Stat label="Total Arrivals" value={totals.totalArrivals} />
      <Stat label="Total Passengers" value={totals.totalPassengers} />
      <Stat label="Unique Flights" value={totals.uniqueFlights} />
      <Stat label="Picked Up" value={totals.pickedUp} note={`Pending: ${totals.pending}`} />
    </section>
  );
}
