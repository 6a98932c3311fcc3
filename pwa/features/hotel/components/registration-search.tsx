/**
 * 'Search Registrations' for one booking: free text (names, registration number, email, phone); the
 * server's search with a signal, this device's copy without (api/search-registrations.ts).
 */
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { errorMessage } from '../../../lib/api-client';
import type { CachedHotelAssignment } from '../../../offline/types';
import type { HotelMatchCandidate } from '../../../../shared/schemas/hotel';
import { searchRegistrations } from '../api/search-registrations';
import { CandidateList, type CandidateListProps } from './candidate-list';

export function RegistrationSearch({
  booking,
  online,
  ...list
}: Omit<CandidateListProps, 'candidates' | 'bookingId'> & { booking: CachedHotelAssignment; online: boolean }) {
  const inputId = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<{ matches: HotelMatchCandidate[]; fromDevice: boolean } | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) {
      setError('Enter a name, registration number, email or phone');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setResult(await searchRegistrations(text.trim(), booking, online));
    } catch (err) {
      setResult(null);
      setError(errorMessage(err, 'Failed to search registrations'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="booking-panel">
      <form className="search-form" onSubmit={(e) => void onSubmit(e)} role="search">
        <label htmlFor={inputId} className="visually-hidden">
          Search registrations for {booking.guest_name}
        </label>
        <input
          id={inputId}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Name, registration number, email or phone"
          autoComplete="off"
        />
        <Button type="submit" busy={busy} busyText="Searching...">
          Search
        </Button>
      </form>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {result && (
        <>
          {result.fromDevice && <p className="note">Offline: searched the registrations saved on this device.</p>}
          <CandidateList bookingId={booking.id} candidates={result.matches} {...list} />
        </>
      )}
    </div>
  );
}
