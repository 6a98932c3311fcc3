/**
 * The flight-info calls (docs/product.md#api Flight info): the verified form (registrant token or staff session,
 * sent by the api client), the lookup that mails a link, and the tokenised form behind that link (the
 * link's token is the proof, so those go without any stored token).
 */
import { api } from '../../../lib/api-client';
import type { ExistingFlight } from '../../../../shared/schemas/flight';
import type { VerifiedRegistration } from '../../../../shared/schemas/verification';
import type { SubmittedFlight } from '../flight-form-model';

const PUBLIC = { auth: false, registrant: false } as const;

export interface FlightRegistrationAnswer {
  registration: VerifiedRegistration;
  existingFlights: ExistingFlight[];
}

/** GET /flight-info/registration/{id}: `ref` is the numeric id or the registration number. */
export const getFlightRegistration = (ref: string, signal?: AbortSignal) =>
  api.get<FlightRegistrationAnswer>(`/flight-info/registration/${encodeURIComponent(ref)}`, { signal });

export interface SubmitFlightsAnswer {
  message: string;
  flights: ExistingFlight[];
  /** false when no confirmation mail went this time (several went in the last minutes, or the mail failed) */
  confirmationSent?: boolean;
}

export const submitVerifiedFlights = (body: {
  registrationId: number | string;
  /** the saved flights the form started from (shared/schemas/flight.ts flightsBase): 409 when they changed meanwhile */
  basedOn?: string;
  needsTransportation: boolean;
  flights: SubmittedFlight[];
}) => api.post<SubmitFlightsAnswer>('/flight-info/submit-verified', body);

export const lookupFlightLink = (email: string, captchaToken: string | null) =>
  api.post<{ message: string }>('/flight-info/lookup', { email, captchaToken }, PUBLIC);

/** docs/product.md#api Flight request via token */
export interface FlightRequestInfo {
  registrationNumber: string;
  name: string;
  expiresAt: string;
  needsTransportation?: boolean;
  /** the mailbox's first character and the domain ("j•••@example.com"), never the whole address */
  emailHint?: string;
}

export const verifyFlightToken = (token: string, signal?: AbortSignal) =>
  api.get<{ request: FlightRequestInfo; existingFlights: ExistingFlight[] }>(`/flight-info/verify/${encodeURIComponent(token)}`, {
    ...PUBLIC,
    signal,
  });

export const submitTokenFlights = (body: {
  token: string;
  basedOn?: string;
  email: string;
  needsTransportation: boolean;
  flights: SubmittedFlight[];
  turnstileToken: string | null;
}) => api.post<SubmitFlightsAnswer>('/flight-info/submit', body, PUBLIC);
