/**
 * The hotel bookings linked to this registration, each with 'Unlink' (admins): the booking goes
 * back to the unmatched list. Needs the network, so the buttons are off with the reason when offline.
 * The booking the block above shows is named "The booking above", so its number, room and guest are
 * said once on the page; each button's name still gives the confirmation number.
 */
import { Button } from '../../../components/button';
import { errorMessage } from '../../../lib/api-client';
import { useLinkedBookings, useUnlinkBooking } from '../api/hotel-bookings';

export interface HotelUnlinkListProps {
  registrationId: number;
  /** the confirmation number the hotel block shows */
  shownConfirmation: string | null;
  /** why the buttons are off right now (offline), or undefined */
  disabledReason?: string;
  onFailure: (text: string) => void;
}

export function HotelUnlinkList({ registrationId, shownConfirmation, disabledReason, onFailure }: HotelUnlinkListProps) {
  const bookings = useLinkedBookings(registrationId);
  const unlink = useUnlinkBooking();
  const linked = bookings.data?.assignments ?? [];
  if (linked.length === 0) return null;

  function onUnlink(id: number, confirmation: string) {
    if (!window.confirm(`Unlink hotel booking ${confirmation} from this registration?`)) return;
    // each unlink says its own failure: a second one started meanwhile would take over mutate()'s callbacks
    unlink
      .mutateAsync({ assignmentId: id, registrationId })
      .catch((e: unknown) => onFailure(errorMessage(e, 'Failed to unlink hotel assignment')));
  }

  return (
    <ul className="attendee-list" aria-label="Linked hotel bookings">
      {linked.map((b) => (
        <li key={b.id} className="attendee">
          {b.confirmation_number === shownConfirmation ? (
            <div className="attendee-main">
              <p className="attendee-name">The booking above</p>
            </div>
          ) : (
            <div className="attendee-main">
              <p className="attendee-name">{b.confirmation_number}</p>
              <p className="cell-sub">{[b.guest_name, b.room_number && `Room ${b.room_number}`].filter(Boolean).join(' · ')}</p>
            </div>
          )}
          <Button
            variant="ghost"
            className="btn-small"
            onClick={() => onUnlink(b.id, b.confirmation_number)}
            busy={unlink.isPending && unlink.variables.assignmentId === b.id}
            busyText="Unlinking..."
            disabled={!!disabledReason}
            title={disabledReason}
            aria-label={`Unlink hotel booking ${b.confirmation_number}`}
          >
            Unlink
          </Button>
        </li>
      ))}
    </ul>
  );
}
