/**
 * The visitor mails: verification code, flight-info link, flight confirmation. Each has a plain-text and
 * an HTML body; every value placed into HTML goes through escapeHtml. Codes and links stand on a line of
 * their own so people (and the browser tests reading the mail sink) find them at a glance.
 */
import type { EventConfig } from '../../shared/event';
import { formatFlightWhen } from '../../shared/flight-format';
import { OTHER_AIRPORT } from '../../shared/schemas/flight';
import { formatDay } from '../../shared/time-zone';
import type { FlightInfoRecord } from '../services/flights/flight-view';
import { escapeHtml, type Mail } from './mailer';

export type MailContent = Omit<Mail, 'to'>;

const eventTitle = (event: EventConfig) => `${event.name} ${event.year}`;

function layout(event: EventConfig, paragraphsHtml: string): string {
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:16px">
<h2 style="margin:0 0 16px">${escapeHtml(eventTitle(event))}</h2>
${paragraphsHtml}
<p style="color:#6b7280;font-size:13px;margin-top:24px">Questions? Write to ${escapeHtml(event.supportEmail)}.</p>
</body></html>`;
}

export function verificationCodeMail(event: EventConfig, code: string, minutesValid: number): MailContent {
  const title = eventTitle(event);
  return {
    subject: `${title}: your verification code`,
    text: [
      `Your verification code is: ${code}`,
      '',
      `Enter it on the ${title} page to continue. It is valid for ${minutesValid} minutes and works once.`,
      'If you did not ask for this code, you can ignore this email; nobody can use it without access to your inbox.',
      '',
      `Questions? Write to ${event.supportEmail}.`,
    ].join('\n'),
    html: layout(
      event,
      `<p>Your verification code is:</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px;font-family:monospace">${escapeHtml(code)}</p>
<p>Enter it on the ${escapeHtml(title)} page to continue. It is valid for ${minutesValid} minutes and works once.</p>
<p>If you did not ask for this code, you can ignore this email.</p>`,
    ),
  };
}

export function flightInfoLinkMail(
  event: EventConfig,
  p: { name: string; registrationNumber: string; link: string; expiresAt: Date },
): MailContent {
  const title = eventTitle(event);
  const until = formatDay(p.expiresAt, event.timeZone);
  return {
    subject: `${title}: please share your flight details`,
    text: [
      `Hello ${p.name},`,
      '',
      `Please tell us your arrival and departure flights for ${title} (registration ${p.registrationNumber}) so we can arrange airport transportation.`,
      'Open this link to enter your flights:',
      p.link,
      '',
      `The link is valid until ${until}. It is personal to your registration: please do not forward it.`,
      '',
      `Questions? Write to ${event.supportEmail}.`,
    ].join('\n'),
    html: layout(
      event,
      `<p>Hello ${escapeHtml(p.name)},</p>
<p>Please tell us your arrival and departure flights for ${escapeHtml(title)} (registration <strong>${escapeHtml(p.registrationNumber)}</strong>) so we can arrange airport transportation.</p>
<p><a href="${escapeHtml(p.link)}" style="display:inline-block;background:#2563eb;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Enter my flights</a></p>
<p style="font-size:13px;word-break:break-all">${escapeHtml(p.link)}</p>
<p>The link is valid until ${escapeHtml(until)}. It is personal to your registration: please do not forward it.</p>`,
    ),
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * 'Arrival: American Airlines AA123 on Nov 27, 2025 at 2:30 PM (2 adults, 1 child, 1 child seat), landing at
 * George Bush Intercontinental (IAH)'; a departure says 'taking off from'.
 */
export function describeFlight(f: FlightInfoRecord): string {
  const type = f.flight_type === 'departure' ? 'Departure' : 'Arrival';
  const when = formatFlightWhen(f.flight_date, f.flight_time);
  const airport = f.airport === OTHER_AIRPORT ? f.airport_name : `${f.airport_name} (${f.airport})`;
  const where = f.airport ? `, ${f.flight_type === 'departure' ? 'taking off from' : 'landing at'} ${airport}` : '';
  const party = [plural(f.adults_count, 'adult', 'adults'), plural(f.children_count, 'child', 'children')];
  if (f.child_seats_needed > 0) party.push(plural(f.child_seats_needed, 'child seat', 'child seats'));
  return `${type}: ${f.airline} ${f.flight_number} on ${when} (${party.join(', ')})${where}`;
}

/** Flights in the order they happen (date, then time; one not given last), as the visitor lives them. */
const byWhen = (flights: FlightInfoRecord[]): FlightInfoRecord[] =>
  flights
    .map((f) => ({ f, when: `${f.flight_date ?? '9999-99-99'} ${f.flight_time ?? '99:99'}` }))
    .sort((a, b) => a.when.localeCompare(b.when))
    .map(({ f }) => f);

export function flightConfirmationMail(
  event: EventConfig,
  p: {
    name: string;
    registrationNumber: string;
    needsTransportation: boolean;
    flights: FlightInfoRecord[];
    /** where the family updates them: the flight form (/flight-info), reached again with their email and a code */
    updateLink: string;
  },
): MailContent {
  const title = eventTitle(event);
  // greeters meet arrivals; a ride to the airport is the organisers' to arrange
  const ride = (type: FlightInfoRecord['flight_type']) =>
    p.needsTransportation && p.flights.some((f) => f.flight_type === type && f.needs_transportation);
  const transport = ride('arrival')
    ? 'You asked for airport transportation; our greeters will look out for you.'
    : ride('departure')
      ? 'You asked for airport transportation; the organisers have your departure flights to arrange your ride to the airport.'
      : 'You told us you do not need airport transportation.';
  const flights = byWhen(p.flights);
  const lines = flights.map((f) => {
    const note = f.special_instructions ? `. Note: ${f.special_instructions}` : '';
    return `- ${describeFlight(f)}${note}`;
  });
  return {
    subject: `${title}: your flight information was received`,
    text: [
      `Hello ${p.name},`,
      '',
      `We received your flight information for registration ${p.registrationNumber}.`,
      transport,
      '',
      flights.length ? 'Your flights:' : 'No flights are on file.',
      ...lines,
      '',
      `If anything changes, update your flights at ${p.updateLink} (with your email and a new code).`,
      `Questions? Write to ${event.supportEmail}.`,
    ].join('\n'),
    html: layout(
      event,
      `<p>Hello ${escapeHtml(p.name)},</p>
<p>We received your flight information for registration <strong>${escapeHtml(p.registrationNumber)}</strong>.</p>
<p>${escapeHtml(transport)}</p>
${
  flights.length
    ? `<p>Your flights:</p><ul>${flights
        .map(
          (f) =>
            `<li>${escapeHtml(describeFlight(f))}${f.special_instructions ? `<br><em>Note: ${escapeHtml(f.special_instructions)}</em>` : ''}</li>`,
        )
        .join('')}</ul>`
    : '<p>No flights are on file.</p>'
}
<p>If anything changes, <a href="${escapeHtml(p.updateLink)}">update your flights</a> (with your email and a new code).</p>`,
    ),
  };
}

/** The check-in pass: the QR code to show at the desk, the registration number, and the link to the registration. */
export function checkInPassMail(
  event: EventConfig,
  p: { name: string; registrationNumber: string; partySize: number; registrationLink: string; qrCid: string },
): MailContent {
  const title = eventTitle(event);
  const people = `${p.partySize} ${p.partySize === 1 ? 'person' : 'people'}`;
  return {
    subject: `${title}: your check-in pass`,
    text: [
      `Hello ${p.name},`,
      '',
      `Show the QR code of this email at the check-in desk at ${event.venue} to check in your party (${people}).`,
      'If the code cannot be read, tell the desk your registration number:',
      p.registrationNumber,
      '',
      'Your registration:',
      p.registrationLink,
      '',
      `Questions? Write to ${event.supportEmail}.`,
    ].join('\n'),
    html: layout(
      event,
      `<p>Hello ${escapeHtml(p.name)},</p>
<p>Show this code at the check-in desk at ${escapeHtml(event.venue)} to check in your party (${escapeHtml(people)}).</p>
<p><img src="cid:${escapeHtml(p.qrCid)}" width="240" height="240" alt="Check-in pass ${escapeHtml(p.registrationNumber)}"></p>
<p>If the code cannot be read, tell the desk your registration number:</p>
<p style="font-size:24px;font-weight:bold;letter-spacing:2px;font-family:monospace">${escapeHtml(p.registrationNumber)}</p>
<p><a href="${escapeHtml(p.registrationLink)}">Your registration</a></p>`,
    ),
  };
}
