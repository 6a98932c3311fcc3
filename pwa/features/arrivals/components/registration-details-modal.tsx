/**
 * The registration details modal (docs/product.md#screens), opened from a registration number on the arrivals screen.
 * Online it reads GET /api/registrations/{id}; with no answer it shows the copy on this device (an
 * admin's cached registration, else the arrival's summary) and says so. Other failures: the server's
 * sentence, else 'Failed to load registration details'.
 */
import type { ReactNode } from 'react';
import { Alert } from '../../../components/alert';
import { Dialog } from '../../../components/dialog';
import { Spinner } from '../../../components/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCachedRegistration } from '../../../offline/hooks';
import type { ArrivalView } from '../../../offline/types';
import { useRegistrationDetails } from '../api/get-registration-details';
import { detailsFromArrival, detailsFromRegistration, type DetailsView } from '../lib/registration-details';

const AGE_GROUP: Record<string, string> = { adult: 'Adult', youth: 'Youth', child: 'Child' };
const STATUS_BADGE: Record<string, string> = { active: 'badge-green', pending: 'badge-yellow' };
const PAYMENT_BADGE: Record<string, string> = { Paid: 'badge-green', Waived: 'badge-green', Partial: 'badge-yellow' };

const cap = (s: string) => s[0].toUpperCase() + s.slice(1);

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="details-block">
      <h3>{title}</h3>
      {children}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children ?? '—'}</dd>
    </div>
  );
}

function DetailsBody({ d }: { d: DetailsView }) {
  return (
    <>
      <Block title="Registration Information">
        <dl className="details details-grid">
          <Fact label="Registration Number">{d.registrationNumber}</Fact>
          <Fact label="Status">
            {d.status ? <span className={`badge ${STATUS_BADGE[d.status] ?? 'badge-grey'}`}>{cap(d.status)}</span> : null}
          </Fact>
          <Fact label="Created">{d.createdAt ? formatDate(d.createdAt) : null}</Fact>
          <Fact label="Adults">{d.counts.adult}</Fact>
          <Fact label="Youth">{d.counts.youth}</Fact>
          <Fact label="Children">{d.counts.child}</Fact>
        </dl>
      </Block>
      <Block title="Primary Contact">
        <dl className="details details-grid">
          <Fact label="Name">{d.contact.name}</Fact>
          <Fact label="Email">{d.contact.email ? <a href={`mailto:${d.contact.email}`}>{d.contact.email}</a> : null}</Fact>
          <Fact label="Phone">
            {d.contact.phone ? <a href={`tel:${d.contact.phone.replace(/[^\d+]/g, '')}`}>{d.contact.phone}</a> : null}
          </Fact>
          <Fact label="Location">{d.contact.location}</Fact>
        </dl>
      </Block>
      {d.payment && (
        <Block title="Payment Information">
          <dl className="details details-grid">
            <Fact label="Total Amount">{formatMoney(d.payment.total)}</Fact>
            <Fact label="Paid Amount">{formatMoney(d.payment.paid)}</Fact>
            <Fact label="Payment Status">
              <span className={`badge ${PAYMENT_BADGE[d.payment.status] ?? 'badge-red'}`}>{d.payment.status}</span>
            </Fact>
          </dl>
        </Block>
      )}
      {d.hotel && (
        <Block title="Hotel Information">
          <dl className="details details-grid">
            <Fact label="Confirmation #">{d.hotel.confirmationNumber}</Fact>
            <Fact label="Room">{[d.hotel.roomNumber, d.hotel.roomType].filter(Boolean).join(' · ') || null}</Fact>
            <Fact label="Check-in">{d.hotel.checkIn ? formatDate(d.hotel.checkIn) : null}</Fact>
            <Fact label="Check-out">{d.hotel.checkOut ? formatDate(d.hotel.checkOut) : null}</Fact>
            <Fact label="Nights">{d.hotel.nights}</Fact>
          </dl>
          {d.hotel.warnings.map((w) => (
            <Alert key={w} kind="warning">
              {w}
            </Alert>
          ))}
        </Block>
      )}
      <Block title="Attendees">
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Age Group</th>
                <th scope="col">Dietary Restrictions</th>
              </tr>
            </thead>
            <tbody>
              {d.attendees.map((a) => (
                <tr key={a.key}>
                  <td>{a.name}</td>
                  <td>{AGE_GROUP[a.ageCategory] ?? a.ageCategory}</td>
                  <td>{a.dietary === undefined ? <span className="note">Not on this device</span> : a.dietary || 'None'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Block>
    </>
  );
}

export function RegistrationDetailsModal({ arrival, onClose }: { arrival: ArrivalView | null; onClose: () => void }) {
  const registrationId = arrival?.registrationId ?? null;
  const q = useRegistrationDetails(registrationId);
  const cached = useCachedRegistration(registrationId);
  const noAnswer = q.isError && q.error instanceof ApiError && q.error.isNetworkError;

  let body: ReactNode;
  if (q.data) {
    body = <DetailsBody d={detailsFromRegistration(q.data.registration, q.data.attendees, q.data.flightInfo)} />;
  } else if (noAnswer && arrival) {
    const d = cached ? detailsFromRegistration(cached, cached.attendees, cached.flights) : detailsFromArrival(arrival);
    body = (
      <>
        <Alert kind="info">Offline: showing the copy saved on this device.</Alert>
        <DetailsBody d={d} />
      </>
    );
  } else if (q.isError) {
    body = <Alert kind="error">{errorMessage(q.error, 'Failed to load registration details')}</Alert>;
  } else {
    body = (
      <div className="page-spinner">
        <Spinner label="Loading registration details..." />
      </div>
    );
  }

  return (
    <Dialog
      open={arrival !== null}
      title="Registration Details"
      onClose={onClose}
      footer={
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Close
        </button>
      }
    >
      <div className="registration-details">{body}</div>
    </Dialog>
  );
}
