/**
 * Registrations offered for a booking (Find Match, Search Registrations): possible name matches
 * highlighted (docs/product.md#screens), how the name agrees (same name, same last name, first name only)
 * with the city and party size to tell two of the same name apart, the registration's current hotel
 * confirmation shown, date mismatch warnings,
 * and a Link button: 'Linking...' while busy, orange when the registration already has a hotel
 * confirmation number (linking replaces it), green otherwise.
 */
import { Button } from '../../../components/button';
import type { HotelMatchCandidate } from '../../../../shared/schemas/hotel';

export interface CandidateListProps {
  /** the booking these candidates are for (keeps element ids unique when several lists are open) */
  bookingId: number;
  candidates: HotelMatchCandidate[];
  /** the registration id being linked, if any */
  linkingId: number | null;
  onLink: (candidate: HotelMatchCandidate) => void;
  disabled?: boolean;
}

const AGREEMENT: Record<HotelMatchCandidate['name_match'], string | null> = {
  full: 'Same name',
  surname: 'Same last name',
  first: 'First name only',
  other: null,
};

/** 'Same last name · Houston · 4 people' */
export function candidateFacts(c: HotelMatchCandidate): string {
  return [AGREEMENT[c.name_match], c.city, `${c.party_size} ${c.party_size === 1 ? 'person' : 'people'}`].filter(Boolean).join(' · ');
}

export function CandidateList({ bookingId, candidates, linkingId, onLink, disabled }: CandidateListProps) {
  if (!candidates.length) return <p className="note">No matching registrations found.</p>;
  return (
    <ul className="candidates">
      {candidates.map((c) => {
        const name = `${c.primary_first_name} ${c.primary_last_name}`.trim();
        const replaces = !!c.hotel_confirmation_number;
        return (
          <li key={c.id} className={`candidate${c.possible_match ? ' candidate-possible' : ''}`} data-registration-id={c.id}>
            <div className="candidate-main">
              <p className="candidate-name" id={`candidate-${bookingId}-${c.id}-name`}>
                <strong>{name}</strong> <span className="candidate-number">{c.registration_number}</span>
                {c.possible_match && <span className="badge badge-green candidate-badge">Possible match</span>}
              </p>
              <p className="candidate-line candidate-facts">{candidateFacts(c)}</p>
              <p className="candidate-line">{c.primary_email}</p>
              {replaces && (
                <p className="candidate-line candidate-has-hotel" id={`candidate-${bookingId}-${c.id}-hotel`}>
                  Already has hotel confirmation {c.hotel_confirmation_number}
                </p>
              )}
              {c.warnings.map((w) => (
                <p key={w} className="candidate-line candidate-warning" role="note">
                  {w}
                </p>
              ))}
            </div>
            <Button
              className={`btn-small ${replaces ? 'btn-link-replace' : 'btn-link-new'}`}
              busy={linkingId === c.id}
              busyText="Linking..."
              disabled={disabled || (linkingId !== null && linkingId !== c.id)}
              // the orange button's warning is said too, not shown by its colour alone
              aria-describedby={`candidate-${bookingId}-${c.id}-name${replaces ? ` candidate-${bookingId}-${c.id}-hotel` : ''}`}
              title={replaces ? `Replaces hotel confirmation ${c.hotel_confirmation_number}` : undefined}
              onClick={() => onLink(c)}
            >
              Link
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
