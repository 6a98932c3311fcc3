/**
 * /registration/:id, the registration page (docs/product.md#screens Registration detail); `id` holds the registration
 * number. Public route: what it shows depends on who asks.
 * - admin: everything, edit mode (contact, emergency contact, address, requests, notes, fees with the preview), cancel/reactivate/confirm, flight
 *   info request, attendees, payments; 'Back to Admin'.
 * - greeter: read-only, without money and street address (the server leaves them out).
 * - check-in staff: read-only, the party and its money; no flights (the server sends none, so the page
 *   shows no Flight Information rather than "none submitted").
 * - visitor verified for this registration (registrant token): read-only, the flight form link and
 *   'Make Payment'. Not verified (or the server says 401): the yellow notice and no personal data.
 */
import { lastListPath } from './hooks/last-list';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { PageSpinner } from '../../components/spinner';
import { ApiError, errorMessage } from '../../lib/api-client';
import { enterSubmits } from '../../lib/enter-submits';
import { useEvent } from '../../lib/public-config';
import { useAuth } from '../../app/auth-context';
import { useRegistrantVerification } from '../../app/registrant/verification-store';
import { VERIFICATION_MESSAGES } from '../../../shared/schemas/verification';
import { useRegistration, type RegistrationDetail } from './api/get-registration';
import type { Role } from '../../../shared/constants';
import { AdminActions } from './components/admin-actions';
import { AttendeesSection } from './components/attendees-section';
import { CheckInPass } from './components/check-in-pass';
import { ContactBlock, RequestsBlock } from './components/contact-block';
import { DetailHeader } from './components/detail-header';
import { FeeEditor } from './components/fee-editor';
import { FlightCards } from './components/flight-cards';
import { HistorySection } from './components/history-section';
import { HotelBlock } from './components/hotel-block';
import { PaymentSummary } from './components/payment-summary';
import { PaymentsSection } from './components/payments-section';
import { PriceBreakdown } from './components/price-breakdown';
import { LoadFailure, UnverifiedNotice, VisitorActions } from './components/visitor-blocks';
import { useNotice } from './hooks/use-notice';
import { OFFLINE_REASON, useOnline, useRetryWhenOnline } from '../../lib/use-online';
import { useRegistrationEditor } from './hooks/use-registration-editor';
import { balanceOwed } from '../../lib/format';

type ViewerMode = 'admin' | 'greeter' | 'desk' | 'registrant';
const STAFF_MODE: Record<Role, ViewerMode> = { admin: 'admin', greeter: 'greeter', checkin: 'desk' };

// staff with no connection read this device's copy; Dexie is loaded only then (visitors never need it)
const CachedRegistrationDetail = lazy(() => import('./components/cached-registration-detail'));

export default function RegistrationDetailPage() {
  const { id = '' } = useParams();
  const { status, user } = useAuth();
  const { verification } = useRegistrantVerification();

  if (status === 'loading') return <PageSpinner />;
  const staff = status === 'authenticated' ? user : null;
  // nobody to ask as: do not even call; the server would answer 401 and we show the same notice
  if (!staff && !verification) return <UnverifiedNotice />;
  const viewer = staff ? `user:${staff.id}` : `registrant:${verification?.registrationNumber}`;
  const mode: ViewerMode = staff ? STAFF_MODE[staff.role] : 'registrant';
  return <DetailLoader key={`${id}|${viewer}`} refId={id} viewer={viewer} mode={mode} />;
}

function DetailLoader({ refId, viewer, mode }: { refId: string; viewer: string; mode: ViewerMode }) {
  const query = useRegistration(refId, viewer);
  // offline before the first answer, TanStack Query waits ('paused') instead of failing
  const paused = query.isPending && query.fetchStatus === 'paused';
  const e = query.error;
  const unreachable = !query.data && (paused || (e instanceof ApiError && e.isNetworkError));
  // the signal back: the page loads by itself, as it would on Try Again
  useRetryWhenOnline(unreachable, () => void query.refetch());
  if (query.isPending && !paused) return <PageSpinner label="Loading registration..." />;
  if (e instanceof ApiError && e.status === 401) {
    // the token of another registration: say so; otherwise the plain "please verify" notice
    return <UnverifiedNotice reason={e.message === VERIFICATION_MESSAGES.notYourRegistration ? e.message : undefined} />;
  }
  if (e instanceof ApiError && e.status === 403) return <UnverifiedNotice reason={e.message} />;
  if (e instanceof ApiError && e.status === 404) return <LoadFailure message="Registration not found" />;
  if (query.data) return <RegistrationView detail={query.data} mode={mode} />;
  const failure = unreachable ? (
    <LoadFailure
      message="Failed to load registration"
      detail="The server could not be reached. Check your connection and try again."
      onRetry={() => void query.refetch()}
    />
  ) : (
    <LoadFailure message={errorMessage(e, 'Failed to load registration data')} />
  );
  if (mode === 'admin' && unreachable) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <CachedRegistrationDetail
          refId={refId}
          missing={failure}
          render={(detail) => <RegistrationView detail={detail} mode={mode} fromCache />}
        />
      </Suspense>
    );
  }
  return failure;
}

function RegistrationView({ detail, mode, fromCache = false }: { detail: RegistrationDetail; mode: ViewerMode; fromCache?: boolean }) {
  const { registration: r, attendees, flightInfo } = detail;
  const event = useEvent();
  // a copy from this device cannot be changed: the server is out of reach
  const online = useOnline() && !fromCache;
  const { notice, show, note, clear } = useNotice();
  const editor = useRegistrationEditor(
    r,
    event.lateFeeCents,
    (text) => show('error', text),
    // "Save sends changes then reloads": no pop-up, the sentence stays on the page
    (text) => note('success', text),
  );
  const isAdmin = mode === 'admin';
  const startEditing = () => {
    clear(); // the last save's "Changes saved." is not said of the next edit
    editor.start();
  };
  const hasMoney = r.total_amount !== undefined;
  const offlineReason = online ? undefined : 'Needs a connection';
  const back = isAdmin ? (
    <Link to={lastListPath()} className="back-link">
      <span aria-hidden="true">← </span>
      Back to Admin
    </Link>
  ) : (
    <Link to="/" className="back-link">
      <span aria-hidden="true">← </span>
      Back to Home
    </Link>
  );

  return (
    <div className="page registration-detail">
      <p>{back}</p>
      <DetailHeader
        registration={r}
        onEdit={isAdmin ? (editor.editing ? editor.cancel : startEditing) : undefined}
        editing={editor.editing}
        editDisabledReason={offlineReason}
      />
      {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
      {fromCache && <Alert kind="info">No connection: showing the copy of this registration saved on this device.</Alert>}
      {isAdmin && !online && <Alert kind="warning">{OFFLINE_REASON}</Alert>}
      {isAdmin && (
        <AdminActions registration={r} editor={editor} disabledReason={offlineReason} notify={show} clearNotice={clear} say={note} />
      )}
      {/* the visitor's main actions (flights, paying) come first, on a phone's first screen */}
      {mode === 'registrant' && <VisitorActions registration={r} flights={flightInfo} />}
      {isAdmin && editor.editing && (
        <p className="note edit-hint">
          Editing contact, address, requests, notes and fees. Save Changes applies them; Cancel discards them.
        </p>
      )}
      {isAdmin && editor.clash && <Alert kind="warning">{editor.clash}</Alert>}

      {/* Enter in an edit box saves, as Enter in a form would (the boxes span both columns, so no one <form>) */}
      <div
        className="detail-grid"
        onKeyDown={(e) => {
          if (!isAdmin || !editor.editing || !enterSubmits(e)) return;
          e.preventDefault();
          if (online && !editor.saving) void editor.save();
        }}
      >
        <div className="detail-main">
          <ContactBlock registration={r} editor={isAdmin ? editor : undefined} />
          <RequestsBlock registration={r} editor={isAdmin ? editor : undefined} />
          <AttendeesSection
            registration={r}
            attendees={attendees}
            canManage={isAdmin}
            disabledReason={offlineReason}
            onFailure={(t) => show('error', t)}
          />
          {mode !== 'desk' && (
            <FlightCards flights={flightInfo} showPickup={mode !== 'registrant'} needsTransportation={r.needs_transportation} />
          )}
        </div>
        <div className="detail-side">
          {(mode === 'registrant' || isAdmin) && !fromCache && <CheckInPass registration={r} asAdmin={isAdmin} />}
          {hasMoney && <PaymentSummary registration={r} />}
          {isAdmin && editor.editing && <FeeEditor registration={r} editor={editor} />}
          <HotelBlock
            registration={r}
            flights={flightInfo}
            unlink={isAdmin && !fromCache ? { disabledReason: offlineReason, onFailure: (t) => show('error', t) } : undefined}
          />
          {hasMoney && <PriceBreakdown registration={r} attendees={attendees} />}
        </div>
      </div>

      {isAdmin && !fromCache && (
        <PaymentsSection registrationNumber={r.registration_number} registrationId={r.id} balanceDue={balanceOwed(r)} disabled={!online} />
      )}
      {isAdmin && !fromCache && <HistorySection registrationNumber={r.registration_number} />}
    </div>
  );
}
