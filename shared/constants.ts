/** Business constants from docs/product.md#rules that are not event configuration. */
export const MAX_ATTENDEES = 9;
export const LIST_PAGE_SIZE = 20;
export const HOTEL_PAGE_SIZE = 10;
export const HOTEL_CANDIDATE_LIMIT = 100;
export const PAGINATION_WINDOW = 5;
export const CODE_LENGTH = 6;
/** how long an emailed verification code works */
export const CODE_TTL_MS = 10 * 60 * 1000;
/** Wrong tries after which a code stops working, even when later typed right. */
export const CODE_MAX_WRONG_TRIES = 5;
export const MIN_PASSWORD_LENGTH = 6;
export const REGISTRANT_VERIFICATION_MS = 24 * 60 * 60 * 1000;
/** The header a visitor's registrant token travels in, both ways (verify-code answers with it too). */
export const REGISTRANT_TOKEN_HEADER = 'X-Registrant-Token';
/** On a 401 for a staff token: 'expired' (the session reached its end) or 'revoked' (anything else). */
export const SESSION_REFUSED_HEADER = 'X-Session-Refused';
export const FLIGHT_EDIT_SESSION_MS = 30 * 60 * 1000;

export const REGISTRATION_STATUSES = ['active', 'pending', 'cancelled', 'waitlist'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const PAYMENT_STATUSES = ['paid', 'partial', 'pending', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const AGE_CATEGORIES = ['adult', 'youth', 'child'] as const;
export type AgeCategory = (typeof AGE_CATEGORIES)[number];

export const RELATIONSHIPS = ['self', 'spouse', 'child', 'parent', 'sibling', 'other'] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

export const GENDERS = ['male', 'female', 'other', 'prefer_not_to_say'] as const;
export type Gender = (typeof GENDERS)[number];

export const ROLES = ['admin', 'greeter', 'checkin'] as const;
export type Role = (typeof ROLES)[number];

/** How each role is named on screen. */
export const ROLE_LABELS: Record<Role, string> = { admin: 'Administrator', greeter: 'Greeter', checkin: 'Check-in staff' };
/** A role in a sentence: 'can now sign in as a greeter', 'when an administrator signs in'. */
export const ROLE_NOUNS: Record<Role, string> = { admin: 'an administrator', greeter: 'a greeter', checkin: 'check-in staff' };

export const FLIGHT_TYPES = ['arrival', 'departure'] as const;
export type FlightType = (typeof FLIGHT_TYPES)[number];

/** The 18 named airlines of the flight form, plus 'Other' (docs/product.md#screens). */
export const AIRLINES = [
  'American Airlines',
  'Delta Air Lines',
  'United Airlines',
  'Southwest Airlines',
  'Alaska Airlines',
  'JetBlue Airways',
  'Spirit Airlines',
  'Frontier Airlines',
  'Hawaiian Airlines',
  'Sun Country Airlines',
  'Allegiant Air',
  'Air Canada',
  'British Airways',
  'Lufthansa',
  'Emirates',
  'Qatar Airways',
  'Air India',
  'Aeromexico',
  'Other',
] as const;

/** Each listed airline's IATA code, as airport screens show flights ('UA 1234'): greeters search by it. */
export const AIRLINE_CODES: Readonly<Record<string, string>> = {
  'American Airlines': 'AA',
  'Delta Air Lines': 'DL',
  'United Airlines': 'UA',
  'Southwest Airlines': 'WN',
  'Alaska Airlines': 'AS',
  'JetBlue Airways': 'B6',
  'Spirit Airlines': 'NK',
  'Frontier Airlines': 'F9',
  'Hawaiian Airlines': 'HA',
  'Sun Country Airlines': 'SY',
  'Allegiant Air': 'G4',
  'Air Canada': 'AC',
  'British Airways': 'BA',
  Lufthansa: 'LH',
  Emirates: 'EK',
  'Qatar Airways': 'QR',
  'Air India': 'AI',
  Aeromexico: 'AM',
};

/** The airline choice that asks for the airline's name (stored as the flight's airline). */
export const OTHER_AIRLINE = 'Other';

/** An airline of 'N/A' marks a placeholder flight row, skipped when loading the form (docs/product.md#screens). */
export const PLACEHOLDER_AIRLINE = 'N/A';

/** The most ops one POST /flight-pickups/batch may carry (the server's schema and the PWA's sync engine). */
export const PICKUP_BATCH_MAX = 100;
