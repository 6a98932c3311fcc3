/**
 * The event as data. The server reads overrides from EVENT_* variables (server/config.ts) and serves the
 * result at GET /api/config, so next year's reunion needs no release. Defaults are the spec's values.
 */
import { DEFAULT_AGE_BANDS, type AgeBands } from './age-bands';

export interface EventConfig {
  name: string;
  year: number;
  startDate: string; // YYYY-MM-DD
  endDate: string;
  datesLabel: string; // 'Nov 27-30, 2025'
  venue: string;
  location: string;
  timeZone: string;
  expectedAttendees: string;
  /** prices in integer cents */
  prices: { adult: number; youth: number; child: number };
  lateFeeCents: number;
  /** registrations created after this date (YYYY-MM-DD) carry the late fee */
  lateFeeAfter: string;
  flightWindow: { min: string; max: string };
  /** the airports greeters meet flights at; a flight names one of them or "Other" with a name */
  airports: readonly Airport[];
  defaultArrivalDate: string;
  supportEmail: string;
  /** how to pay a balance (bank transfer, Zelle, check to…), shown to a visitor who still owes */
  paymentInstructions: string;
  /** the home page's Event Highlights */
  highlights: readonly { title: string; text: string }[];
  /** the ages where youth and adult prices start (shared/age-bands.ts) */
  ageBands: AgeBands;
}

export interface Airport {
  /** 'IAH': what the board shows and filters by */
  code: string;
  /** 'George Bush Intercontinental' */
  name: string;
}

export const DEFAULT_AIRPORTS: readonly Airport[] = [
  { code: 'IAH', name: 'George Bush Intercontinental' },
  { code: 'HOU', name: 'William P. Hobby' },
];

export const DEFAULT_EVENT: EventConfig = {
  name: 'Reunion',
  year: 2025,
  startDate: '2025-11-27',
  endDate: '2025-11-30',
  datesLabel: 'Nov 27-30, 2025',
  venue: 'Margaritaville Lake Resort',
  location: 'Conroe, TX',
  timeZone: 'America/Chicago',
  expectedAttendees: '400+',
  prices: { adult: 35000, youth: 20000, child: 15000 },
  lateFeeCents: 5000,
  lateFeeAfter: '2025-06-01',
  flightWindow: { min: '2025-11-25', max: '2025-12-02' },
  airports: DEFAULT_AIRPORTS,
  defaultArrivalDate: '2025-11-27',
  supportEmail: 'help@reunion.example',
  paymentInstructions: 'Pay by Zelle or check to the reunion committee, or at the check-in desk when you arrive.',
  ageBands: DEFAULT_AGE_BANDS,
  highlights: [
    { title: 'Cultural Programs', text: 'Singing, dancing, skits and performances by families and friends.' },
    { title: 'Family-Friendly', text: 'Activities for all ages, with youth and children programs.' },
    { title: 'Resort Accommodation', text: 'Lake view rooms at the resort, steps from every event.' },
  ],
};

/** Public runtime configuration served to the PWA at GET /api/config. */
export interface PublicConfig {
  event: EventConfig;
  challenge: { provider: 'altcha' | 'turnstile' | 'none'; siteKey?: string };
  version: string;
  /** PUBLIC_URL, the base of links in mails and of the check-in pass (absent from an older server's answer) */
  publicUrl?: string;
}
