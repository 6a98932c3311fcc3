/**
 * "Match exact names" done with links kept on this device: the page's sentence follows them until the
 * server has answered every one ("Linked 3 bookings…; 1 could not be linked."), as a single link's does.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { getOpOutcome } from '../../../offline/runtime';
import { exactMatchKind, exactMatchText } from '../lib/link-messages';
import { linkOutcome, type LinkOutcome } from './use-link-booking';

export function useBulkOutcome(outcome: LinkOutcome | null): LinkOutcome | null {
  const bulk = outcome?.bulk;
  // the answer names the run it is of: the live query hands back the last run's answers until it has read this one's
  const read = useLiveQuery(
    async () => (bulk ? { bulk, now: await Promise.all(bulk.follow.map((f) => getOpOutcome(f.opId))) } : undefined),
    [bulk],
  );
  const now = read?.bulk === bulk ? read?.now : undefined;
  if (!bulk || !now || now.some((o) => o.state === 'pending')) return outcome;
  const count = { ...bulk.count, info: 0 };
  now.forEach((o, i) => (count[linkOutcome(o, bulk.follow[i].pair).kind === 'success' ? 'success' : 'error'] += 1));
  return { kind: exactMatchKind(count), text: exactMatchText(count) };
}
