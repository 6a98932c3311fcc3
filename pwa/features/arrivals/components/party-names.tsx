/** Passengers of one arrival: '3 passengers (2 adults, 1 child)' and up to 3 names, then '+N more' (docs/product.md#screens). */
import type { ArrivalView } from '../../../offline/types';
import { namesPreview, passengersOf } from '../lib/arrival-summary';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function passengerText(a: Pick<ArrivalView, 'adultsCount' | 'childrenCount'>): string {
  const total = passengersOf(a);
  const parts = [plural(a.adultsCount, 'adult', 'adults')];
  if (a.childrenCount) parts.push(plural(a.childrenCount, 'child', 'children'));
  return `${plural(total, 'passenger', 'passengers')} (${parts.join(', ')})`;
}

export function PartyNames({ arrival }: { arrival: ArrivalView }) {
  const { names, more } = namesPreview(arrival.attendees);
  if (!names.length) return null;
  return (
    <span className="party-names">
      {names.join(', ')}
      {more > 0 && <span className="party-more"> +{more} more</span>}
    </span>
  );
}
