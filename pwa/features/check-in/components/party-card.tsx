/**
 * One party at the desk (docs/product.md#check-in-desk): who is in it and whether each is checked in
 * (one tap checks in or undoes), "Check in all", the room, dietary needs and special requests, and the
 * balance with "Record payment". Every change shows at once; one still on its way to the server says
 * "Not synced yet", one it refused (undone on the card) says to tap Resolve changes (the sync line's button); money held beyond the total
 * (paid twice, or by a cancelled family) says an organiser refunds it, on every desk. A
 * cancelled registration says why it cannot be checked in.
 */
import { useAgeLabels } from '../../../lib/public-config';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { formatWhen, refundOwed } from '../../../lib/format';
import { useCachedRegistration, useDeskActions, useDeviceId, useLostCheckIns, useUnsyncedDeskOps } from '../../../offline/hooks';
import { lostTo, paymentConflictBadge, takenText } from '../../../offline/desk';
import type { CachedRegistration, OpState, PaymentOp } from '../../../offline/types';
import { formatMoney } from '../../../../shared/pricing';
import { RecordPaymentDialog } from './record-payment-dialog';
import { useShownCheckIns } from '../use-shown-check-ins';

/** A second tap on the same person's button sooner than this is the same tap (a double tap, a double click). */
const DOUBLE_TAP_MS = 600;

const CANCELLED = 'This registration is cancelled: it cannot be checked in. Send the family to an organiser.';
/** Not confirmed yet: the desk may check them in, but is told to ask first. */
const NOT_CONFIRMED: Partial<Record<CachedRegistration['status'], string>> = {
  waitlist: 'This registration is on the waitlist, not confirmed: ask an organiser before checking the family in.',
  pending: 'This registration is pending, not confirmed yet: ask an organiser before checking the family in.',
};

/**
 * The party's dietary needs in one line: the registration's, then each attendee's by first name; the
 * primary contact's own left out when it says what the registration's already says.
 */
export function dietaryNeeds(reg: Pick<CachedRegistration, 'dietary_restrictions' | 'attendees'>): string[] {
  const same = (a: string | null | undefined, b: string | null | undefined) =>
    (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
  return [
    reg.dietary_restrictions,
    ...reg.attendees.map((a) =>
      a.dietary_restrictions && !(a.is_primary && same(a.dietary_restrictions, reg.dietary_restrictions))
        ? `${a.first_name}: ${a.dietary_restrictions}`
        : null,
    ),
  ].filter((d): d is string => !!d);
}

/** Money a family is owed back, which only an organiser can refund (the desk takes payments only). */
const heldText = (amount: number, cancelled: boolean) =>
  `${cancelled ? 'Holds' : 'Overpaid by'} ${formatMoney(amount)}: an organiser refunds it`;

const checkedInText = (at: string, by: string | null) => `Checked in ${formatWhen(at)}${by ? ` by ${by}` : ''}`;

/**
 * The card reads its own registration from the device (one row, by id) rather than the page's list of
 * every registration: a tap rewrites that row, and this small query answers long before the list's.
 * A check-in tap is drawn before even that (use-shown-check-ins.ts).
 */
export function PartyCard({ initial }: { initial: CachedRegistration }) {
  const ageLabels = useAgeLabels();
  const reg = useCachedRegistration(initial.id) ?? initial;
  const { checkIn, pay } = useDeskActions();
  const shown = useShownCheckIns(reg);
  const unsynced = useUnsyncedDeskOps(reg.id) ?? [];
  const deviceId = useDeviceId();
  const lost = useLostCheckIns();
  const [paying, setPaying] = useState(false);
  /**
   * the last payment taken here, said aloud and on the card (the desk must not take it again), with the
   * total it was taken against: a total raised meanwhile (an attendee added on another device) is said too
   */
  const [taken, setTaken] = useState<{ regId: number; text: string; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  /**
   * After a payment of the whole balance the keyboard goes to its sentence ("Payment of $X recorded."):
   * Record payment, the dialog's opener, is gone then, and the control nearest it is an Undo check-in
   * that one more Enter would press. After the dialog has given focus back (next frame); a part payment
   * leaves it on Record payment.
   */
  const takenLine = useRef<HTMLParagraphElement>(null);
  const focusTaken = useRef(false);
  useEffect(() => {
    const wanted = focusTaken.current;
    // cleared either way: a dialog opened afresh starts without a leftover (one closed by Escape while its payment was recorded)
    focusTaken.current = false;
    if (paying || !wanted) return;
    const frame = requestAnimationFrame(() => takenLine.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [paying]);
  const family = `${reg.primary_first_name} ${reg.primary_last_name}`;
  const cancelled = reg.status === 'cancelled';
  // "Not synced yet" only for what is still on its way: a refused change (undone on the card) or a
  // payment paid twice (recorded) is not waiting, and says where to look instead
  const tapIn = (state: OpState) => (attendeeId: number) =>
    unsynced.some((op) => op.kind === 'check-in' && op.state === state && op.payload.attendeeIds.includes(attendeeId));
  const waiting = tapIn('pending');
  const refused = tapIn('failed');
  const payments = (state: OpState) => unsynced.some((op) => op.kind === 'payment' && op.state === state);
  const conflict = unsynced.find((op): op is PaymentOp => op.kind === 'payment' && op.state === 'conflict');
  const notIn = reg.attendees.filter((a) => !shown.checkedIn(a));
  const diets = dietaryNeeds(reg);
  const run = (fn: () => Promise<unknown>) => () => {
    setError(null);
    fn().catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  };
  const balance = reg.balance_due ?? 0;
  const owes = !reg.waive_fees && balance > 0;
  /** money held beyond what the family owes (paid twice, a total lowered, or cancelled): the desk cannot refund */
  const held = refundOwed(reg);
  /** shows the tap at once (use-shown-check-ins.ts), then queues it */
  const checkInTap = (ids: number[], on: boolean) => run(() => shown.tap(ids, on, () => checkIn(reg.id, ids, on)));
  /** when each person's button was last tapped: a double tap (or a mouse's double click) is one tap, not in and out again */
  const lastTaps = useRef(new Map<number, number>());
  const personTap = (id: number, on: boolean) => () => {
    const now = Date.now();
    if (now - (lastTaps.current.get(id) ?? -Infinity) < DOUBLE_TAP_MS) return;
    lastTaps.current.set(id, now);
    checkInTap([id], on)();
  };

  return (
    <section className="card party-card" aria-label={`Party of ${family}`}>
      <h2>
        {family} <span className="muted">{reg.registration_number}</span>
      </h2>
      {cancelled && (
        <Alert kind="error">
          {CANCELLED}
          {reg.cancel_reason ? ` Reason: ${reg.cancel_reason}` : ''}
        </Alert>
      )}
      {NOT_CONFIRMED[reg.status] && <Alert kind="warning">{NOT_CONFIRMED[reg.status]}</Alert>}
      {/* said before the people: on a tablet the balance itself is below the fold, under Check in all. The
          sentence with the family's total (the most it can say) sits unseen in the same grid cell: the line
          is as tall whatever is owed, so a payment never moves the Check in buttons, however many lines it
          takes on a phone */}
      {!cancelled && (
        <p className="party-owes">
          <span className="unseen" aria-hidden="true">
            <strong>Still owes {formatMoney(Math.max(reg.total_amount ?? 0, balance))}</strong>: Record payment is under Balance due.
          </span>
          {owes ? (
            <span>
              <strong>Still owes {formatMoney(balance)}</strong>: Record payment is under Balance due.
            </span>
          ) : (
            <span>{reg.waive_fees ? 'Fees waived: nothing owed.' : 'Nothing owed.'}</span>
          )}
        </p>
      )}
      {error && <Alert kind="error">{error}</Alert>}
      <p>
        {reg.hotel_confirmation_number
          ? `${reg.hotel_room_number ? `Room ${reg.hotel_room_number}` : 'No room number yet'} · Hotel confirmation ${reg.hotel_confirmation_number}`
          : reg.hotel_room_number
            ? `Room ${reg.hotel_room_number}`
            : 'No hotel booking on file'}
        {reg.primary_phone ? ` · ${reg.primary_phone}` : ''}
      </p>
      <ul className="party-people">
        {reg.attendees.map((a) => {
          const isIn = shown.checkedIn(a);
          return (
            <li key={a.id} data-checked-in={isIn}>
              <div>
                <strong>
                  {a.first_name} {a.last_name}
                </strong>{' '}
                <span className="muted">
                  {ageLabels[a.age_category]}
                  {a.age !== null ? ` · Age ${a.age}` : ''}
                </span>
              </div>
              {/* a cancelled registration offers no controls */}
              {!cancelled && (
                <Button
                  variant={isIn ? 'secondary' : 'primary'}
                  className="desk-tap"
                  aria-pressed={isIn}
                  aria-label={isIn ? `Undo check-in of ${a.first_name} ${a.last_name}` : `Check in ${a.first_name} ${a.last_name}`}
                  onClick={personTap(a.id, !isIn)}
                >
                  {isIn ? 'Undo check-in' : 'Check in'}
                </Button>
              )}
              {/* the card's full width, its two lines kept in every state: a tap never moves the next attendee's button */}
              <div className="desk-status">
                {isIn &&
                  a.checked_in &&
                  a.checked_in_at &&
                  (a.checked_in_device && deviceId && a.checked_in_device !== deviceId && lostTo(lost, a) ? (
                    // this desk checked them in too, and another desk's came first: read in full, whatever room it takes
                    <div className="muted">
                      Already checked in by {a.checked_in_by ?? 'another desk'} at {formatWhen(a.checked_in_at)} on another device
                    </div>
                  ) : (
                    <div className="muted one-line" title={checkedInText(a.checked_in_at, a.checked_in_by)}>
                      {checkedInText(a.checked_in_at, a.checked_in_by)}
                    </div>
                  ))}
                {waiting(a.id) && <div className="badge badge-yellow">Not synced yet</div>}
                {refused(a.id) && <div className="badge badge-red">Check-in refused: tap Resolve changes</div>}
              </div>
            </li>
          );
        })}
      </ul>
      {/* shown while anyone is not in, one person included: the desk's habit is the same tap for every party */}
      {notIn.length > 0 && !cancelled && (
        <Button
          className="desk-tap"
          onClick={checkInTap(
            notIn.map((a) => a.id),
            true,
          )}
        >
          Check in all
        </Button>
      )}
      <dl className="party-facts keep-lines">
        <dt>Dietary needs</dt>
        <dd>{diets.length ? diets.join('; ') : 'None'}</dd>
        <dt>Special requests</dt>
        <dd>{reg.special_requests || 'None'}</dd>
        <dt>Balance due</dt>
        <dd>
          {/* nothing is taken at the desk from a cancelled family (money held is an organiser's to refund); waived owes nothing */}
          {cancelled ? (
            'None: cancelled'
          ) : reg.waive_fees ? (
            <strong data-testid="balance-due">Waived</strong>
          ) : (
            <>
              <strong data-testid="balance-due">{formatMoney(balance)}</strong> of {formatMoney(reg.total_amount ?? 0)}
            </>
          )}
          {/* the space outside each badge: read as its own words, not run into the amount */}
          {payments('pending') && (
            <>
              {' '}
              <span className="badge badge-yellow">Not synced yet</span>
            </>
          )}
          {payments('failed') && (
            <>
              {' '}
              <span className="badge badge-red">Payment refused: tap Resolve changes</span>
            </>
          )}
          {/* what is held beyond the total shows on every desk, from the registration itself, for as long
              as it is held: a conflict on this device (read once, then marked seen) says how it came about */}
          {held > 0 && (
            <>
              {' '}
              <span className="badge badge-red">{conflict ? paymentConflictBadge(conflict, held) : heldText(held, cancelled)}</span>
            </>
          )}
        </dd>
      </dl>
      {/* in the page from the start, so the sentence put in it is announced */}
      <p role="status" className="desk-taken" ref={takenLine} tabIndex={-1}>
        {taken?.regId === reg.id ? takenText(taken, reg, balance) : ''}
      </p>
      {balance > 0 && !cancelled && (
        <Button variant="secondary" onClick={() => setPaying(true)}>
          Record payment
        </Button>
      )}
      {paying && (
        <RecordPaymentDialog
          open
          balanceDue={balance}
          family={family}
          cancelled={cancelled}
          onClose={() => setPaying(false)}
          onRecord={async (amount, method) => {
            await pay(reg.id, amount, method);
            setTaken({ regId: reg.id, text: `Payment of ${formatMoney(amount)} recorded.`, total: reg.total_amount ?? 0 });
            focusTaken.current = amount >= balance;
          }}
        />
      )}
    </section>
  );
}
