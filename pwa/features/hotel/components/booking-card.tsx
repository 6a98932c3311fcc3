/**
 * One unmatched hotel booking (docs/product.md#screens): guest, confirmation number, room type/number, dates, nights,
 * VIP status, notes; Find Match (candidates ranked on this device, possible name matches first), Search
 * Registrations, and delete (after 'Are you sure you want to delete this hotel assignment?'; needs the
 * network). Linking goes through the offline outbox, so it works with no signal.
 */
import { useState } from 'react';
import { Button } from '../../../components/button';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useCandidates } from '../../../offline/hooks';
import { syncNow } from '../../../offline/runtime';
import type { CachedHotelAssignment } from '../../../offline/types';
import type { HotelMatchCandidate } from '../../../../shared/schemas/hotel';
import { deleteAssignment } from '../api/delete-assignment';
import { useLinkBooking, type LinkOutcome } from '../hooks/use-link-booking';
import { DELETE_CONFIRM, DELETE_FAILED } from '../lib/link-messages';
import { CandidateList } from './candidate-list';
import { RegistrationSearch } from './registration-search';

type Panel = 'match' | 'search' | null;

/** The badge for the rooming list's VIP column: none for 'No' or empty, 'VIP' for 'VIP' or 'Yes', else 'VIP: Gold'. */
export function vipBadge(status: string | null | undefined): string | null {
  const v = (status ?? '').trim();
  if (!v || /^(no|n|false|0|none|-|—)$/i.test(v)) return null;
  return /^(vip|yes|y|true|1)$/i.test(v) ? 'VIP' : `VIP: ${v}`;
}

export function BookingCard({
  booking,
  online,
  onOutcome,
}: {
  booking: CachedHotelAssignment;
  online: boolean;
  onOutcome: (o: LinkOutcome) => void;
}) {
  const [panel, setPanel] = useState<Panel>(null);
  const [linkingId, setLinkingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState(false);
  const candidates = useCandidates(panel === 'match' ? booking.id : null);
  const vip = vipBadge(booking.vip_status);
  const linkBooking = useLinkBooking();
  const titleId = `booking-${booking.id}-title`;

  const onLink = async (c: HotelMatchCandidate) => {
    setLinkingId(c.id);
    try {
      onOutcome(await linkBooking(booking, c));
    } finally {
      setLinkingId(null);
    }
  };

  const onDelete = async () => {
    if (!window.confirm(DELETE_CONFIRM)) return;
    setDeleting(true);
    try {
      await deleteAssignment(booking.id);
      await syncNow(); // the download drops the deleted booking from this device
      onOutcome({ kind: 'success', text: `Deleted the booking of ${booking.guest_name} (${booking.confirmation_number})` });
    } catch (e) {
      onOutcome({ kind: 'error', text: errorMessage(e, DELETE_FAILED) });
      // refused as linked, or gone, meanwhile: the download takes the booking off this list
      if (e instanceof ApiError && (e.status === 409 || e.status === 404)) void syncNow();
    } finally {
      setDeleting(false);
    }
  };

  const toggle = (p: Panel) => setPanel((cur) => (cur === p ? null : p));
  const busy = linkingId !== null || deleting;

  return (
    <li className="card booking-card" aria-labelledby={titleId} data-booking-id={booking.id}>
      <div className="booking-head">
        <h3 id={titleId}>{booking.guest_name}</h3>
        {vip && <span className="badge badge-yellow">{vip}</span>}
      </div>
      <dl className="details details-grid booking-facts">
        <div>
          <dt>Confirmation #</dt>
          <dd>{booking.confirmation_number}</dd>
        </div>
        <div>
          <dt>Room</dt>
          <dd>{[booking.room_type, booking.room_number && `#${booking.room_number}`].filter(Boolean).join(' · ') || '—'}</dd>
        </div>
        <div>
          <dt>Dates</dt>
          <dd>
            {formatDate(booking.check_in_date) || '?'} – {formatDate(booking.check_out_date) || '?'}
          </dd>
        </div>
        <div>
          <dt>Nights</dt>
          <dd>{booking.nights ?? '—'}</dd>
        </div>
        <div>
          <dt>VIP Status</dt>
          <dd>{booking.vip_status || 'No'}</dd>
        </div>
        {booking.notes && (
          <div className="booking-notes">
            <dt>Notes</dt>
            <dd>{booking.notes}</dd>
          </div>
        )}
      </dl>
      <div className="actions">
        <Button variant={panel === 'match' ? 'primary' : 'secondary'} aria-expanded={panel === 'match'} onClick={() => toggle('match')}>
          Find Match
        </Button>
        <Button variant={panel === 'search' ? 'primary' : 'secondary'} aria-expanded={panel === 'search'} onClick={() => toggle('search')}>
          Search Registrations
        </Button>
        <Button
          variant="danger"
          className="booking-delete"
          busy={deleting}
          busyText="Deleting..."
          disabled={!online || busy}
          title={online ? undefined : 'Deleting needs a connection'}
          onClick={() => void onDelete()}
        >
          Delete
        </Button>
        {!online && <span className="field-hint">Deleting needs a connection.</span>}
      </div>
      {panel === 'match' && (
        <div className="booking-panel">
          {candidates === undefined ? (
            <p className="note">Finding matches...</p>
          ) : (
            <CandidateList
              bookingId={booking.id}
              candidates={candidates}
              linkingId={linkingId}
              onLink={(c) => void onLink(c)}
              disabled={deleting}
            />
          )}
        </div>
      )}
      {panel === 'search' && (
        <RegistrationSearch booking={booking} online={online} linkingId={linkingId} onLink={(c) => void onLink(c)} disabled={deleting} />
      )}
    </li>
  );
}
