/**
 * "Match exact names": every booking whose guest name is exactly one registration's primary contact
 * (first and last name; that registration without a hotel yet) linked in one step, after a preview of
 * each pair; the links go through the outbox like single ones (offline too), with the progress shown
 * and the count at the end. Anything less than exact stays for Find Match.
 */
import { useState } from 'react';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { useExactMatches } from '../../../offline/hooks';
import { useLinkBookings, type LinkOutcome, type LinkPair } from '../hooks/use-link-booking';
import { exactMatchKind, exactMatchText } from '../lib/link-messages';

export function LinkExactMatches({ onOutcome }: { onOutcome: (o: LinkOutcome) => void }) {
  const matches = useExactMatches();
  const linkAll = useLinkBookings();
  const [open, setOpen] = useState(false);
  // while linking: the pairs as they were when Link was pressed (the live list shrinks as each is linked)
  const [linking, setLinking] = useState<{ pairs: readonly LinkPair[]; queued: number } | null>(null);
  if (!matches?.length && !open) return null;
  const list = linking?.pairs ?? matches ?? [];

  async function run(pairs: readonly LinkPair[]) {
    setLinking({ pairs, queued: 0 });
    const outcomes = await linkAll(pairs, (queued) => setLinking({ pairs, queued }));
    const count = { success: 0, info: 0, error: 0 }; // linked, kept on this device (no signal), refused
    // a link kept on this device (no signal, or the server failed and it is sent again) is not refused
    for (const o of outcomes) count[o.follow ? 'info' : o.kind] += 1;
    setOpen(false);
    setLinking(null);
    // the links kept on this device are followed by the page until the server answers them
    const follow = outcomes.flatMap((o) => (o.follow ? [o.follow] : []));
    onOutcome({ kind: exactMatchKind(count), text: exactMatchText(count), ...(follow.length ? { bulk: { count, follow } } : {}) });
  }

  const busy = linking !== null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Match exact names ({list.length})
      </Button>
      <Dialog
        open={open}
        title="Match exact names"
        onClose={() => !busy && setOpen(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button
              onClick={() => void run(list)}
              busy={busy}
              busyText={
                linking && linking.queued < linking.pairs.length
                  ? `Linking ${linking.queued} of ${list.length}...`
                  : 'Sending to the server...'
              }
              disabled={!list.length}
            >
              Link {list.length} {list.length === 1 ? 'booking' : 'bookings'}
            </Button>
          </>
        }
      >
        <p>Each booking below has exactly one registration with the guest&apos;s full name, and that registration has no hotel yet.</p>
        <ul className="exact-matches">
          {list.map((m) => (
            <li key={m.booking.id}>
              {m.booking.guest_name} ({m.booking.confirmation_number}) → {m.registration.primary_first_name}{' '}
              {m.registration.primary_last_name} ({m.registration.registration_number})
            </li>
          ))}
        </ul>
      </Dialog>
    </>
  );
}
