/**
 * Passengers landing hour by hour on the chosen day, so shuttle runs can be planned : a CSS bar
 * chart with a text summary as its accessible name, and the same numbers as a table under 'Show as
 * table'. Hours are the event's local times, as the flights are entered.
 */
import { formatDate } from '../../../lib/format';
import { hourLabel, hourRangeLabel, hourlyLoad } from '../lib/arrival-summary';
import type { ArrivalView } from '../../../offline/types';

export function HourlyChart({ arrivals, date }: { arrivals: ArrivalView[]; date: string | undefined }) {
  const titleId = 'hourly-chart-title';
  if (!date) {
    return (
      <section className="card hourly" aria-labelledby={titleId}>
        <h2 id={titleId}>Passengers landing by hour</h2>
        <p className="note">Choose a date to see passengers landing hour by hour.</p>
      </section>
    );
  }
  const load = hourlyLoad(arrivals);
  const summary = load.buckets
    .filter((b) => b.passengers > 0)
    .map((b) => `${hourLabel(b.hour)}: ${b.passengers}`)
    .join(', ');
  return (
    <section className="card hourly" aria-labelledby={titleId}>
      <h2 id={titleId}>Passengers landing by hour · {formatDate(date)}</h2>
      {load.buckets.length === 0 ? (
        <p className="note">No arrivals with a landing time on this day.</p>
      ) : (
        <>
          <div className="hour-chart" role="img" aria-label={`Passengers landing by hour on ${formatDate(date)}: ${summary}`}>
            {load.buckets.map((b) => (
              <div
                key={b.hour}
                className="hour-col"
                title={`${hourRangeLabel(b.hour)}: ${b.passengers} passengers on ${b.flights} flights`}
              >
                <span className="hour-value">{b.passengers || ''}</span>
                {/* the bar's height is a share of its track, the room left by the value and the label */}
                <span className="hour-track">
                  <span
                    className="hour-bar"
                    style={{ height: `${load.peak ? Math.max(4, (b.passengers / load.peak) * 100) : 0}%` }}
                    data-empty={b.passengers === 0 || undefined}
                  />
                </span>
                <span className="hour-label">{hourLabel(b.hour)}</span>
              </div>
            ))}
          </div>
          {load.untimed > 0 && (
            <p className="note">
              {load.untimed} arrival{load.untimed === 1 ? '' : 's'} without a landing time {load.untimed === 1 ? 'is' : 'are'} not on the
              chart.
            </p>
          )}
          <details className="hourly-table">
            <summary>Show as table</summary>
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Hour</th>
                  <th scope="col">Flights</th>
                  <th scope="col">Parties</th>
                  <th scope="col">Passengers</th>
                </tr>
              </thead>
              <tbody>
                {load.buckets.map((b) => (
                  <tr key={b.hour}>
                    <td>{hourRangeLabel(b.hour)}</td>
                    <td>{b.flights}</td>
                    <td>{b.arrivals}</td>
                    <td>{b.passengers}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </section>
  );
}
