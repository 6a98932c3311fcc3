import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SyncStatusBar } from '../../pwa/offline/components/sync-status-bar';
import { SyncPanel } from '../../pwa/offline/components/sync-panel';
import { NotDownloaded } from '../../pwa/offline/components/not-downloaded';
import { overpaymentText } from '../../pwa/features/registrations/components/record-payment-form';
import { vipBadge } from '../../pwa/features/hotel/components/booking-card';
import { ageCategoryMismatch } from '../../pwa/features/registrations/components/add-attendee-dialog';
import { DEFAULT_AGE_BANDS } from '../../shared/age-bands';
import { emailInUseText } from '../../pwa/features/registrations/api/email-in-use';
import { discardQuestion, handoverText, syncingText } from '../../pwa/offline/sync-text';
import { PartyCard } from '../../pwa/features/check-in/components/party-card';
import { deskAmountError } from '../../pwa/features/check-in/components/record-payment-dialog';
import { typedCents } from '../../pwa/lib/amount';
import { bulkResultText, combineBatches, nextStep } from '../../pwa/features/registrations/components/bulk-flight-request';
import { linkOutcome } from '../../pwa/features/hotel/hooks/use-link-booking';
import type { CachedHotelAssignment } from '../../pwa/offline/types';
import { attendeeRow, registrationRow } from './fixtures';
import { PaymentSummary } from '../../pwa/features/registrations/components/payment-summary';
import { addressLines, RequestsBlock } from '../../pwa/features/registrations/components/contact-block';
import { changeLines } from '../../pwa/features/registrations/components/history-section';
import { ArrivalCards } from '../../pwa/features/arrivals/components/arrival-cards';
import { unreachableText } from '../../pwa/features/visitor/components/unreachable-panel';
import { ApiError } from '../../pwa/lib/api-client';
import { ImportPreview } from '../../pwa/features/hotel/components/import-preview';
import type { Registration } from '../../shared/schemas/registration';

// No DOM here: a server render is the first render, before any live query has answered. It checks that
// the bar and the panel render that state without touching browser-only APIs at render time, and that
// the bar claims nothing it does not know yet.
describe('sync status components', () => {
  it('before the outbox is read, the bar shows online and that it is busy, and no count or sync time', () => {
    const html = renderToString(
      <MemoryRouter>
        <SyncStatusBar />
      </MemoryRouter>,
    );
    expect(html).toContain('Online');
    expect(html).toContain('role="status"');
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toContain('pending');
    expect(html).not.toContain('Not synced yet');
    expect(html).not.toContain('Last synced');
  });

  it('the panel offers Sync now', () => {
    const html = renderToString(
      <MemoryRouter>
        <SyncPanel />
      </MemoryRouter>,
    );
    expect(html).toContain('Sync now');
  });

  it('says whose unsent changes were kept at sign-in, and that their saved data was removed', () => {
    expect(handoverText({ count: 2, names: ['Ana Lima'], held: 0, heldFor: [] })).toBe(
      '2 changes made on this device by Ana Lima have not reached the server yet. They are kept and will be sent; pickups and check-ins keep the name of who tapped them. The data Ana Lima had saved on this device was removed when you signed in.',
    );
    expect(handoverText({ count: 1, names: ['Ana Lima', 'Bo Greer'], held: 0, heldFor: [] })).toContain(
      '1 change made on this device by Ana Lima and Bo Greer has not reached',
    );
    expect(handoverText({ count: 1, names: [], held: 0, heldFor: [] })).toBe(
      '1 change made on this device before you signed in has not reached the server yet. It is kept and will be sent; pickups and check-ins keep the name of who tapped them. The data saved on this device by the previous user was removed when you signed in.',
    );
  });

  it('says who must sign in to send kept changes the signed-in user may not send', () => {
    // a greeter's ticks, kept when check-in staff signed in on the phone
    expect(handoverText({ count: 2, names: ['Ana Lima'], held: 2, heldFor: ['admin', 'greeter'] })).toBe(
      '2 changes made on this device by Ana Lima have not reached the server yet. They are kept and will be sent when a greeter or an administrator signs in on this device; pickups and check-ins keep the name of who tapped them. The data Ana Lima had saved on this device was removed when you signed in.',
    );
    expect(handoverText({ count: 3, names: ['Ada Admin'], held: 1, heldFor: ['admin'] })).toContain(
      'They are kept: 1 will be sent when an administrator signs in on this device, the others with the next sync;',
    );
  });

  it('a sync says how far it has come: changes sent of those queued, rows downloaded', () => {
    expect(syncingText(null)).toBe('Syncing…');
    expect(syncingText({ phase: 'upload', done: 100, total: 250 })).toBe('Sending 100 of 250…');
    // the first batch on its way (80 check-ins go up as one): not "0 of 80" for the whole send
    expect(syncingText({ phase: 'upload', done: 0, total: 80 })).toBe('Sending 80 changes…');
    expect(syncingText({ phase: 'upload', done: 0, total: 1 })).toBe('Sending 1 change…');
    expect(syncingText({ phase: 'download', feed: 'registrations', done: 0 })).toBe('Syncing…');
    expect(syncingText({ phase: 'download', feed: 'registrations', done: 1500 })).toBe('Syncing… 1,500 downloaded');
    // beside "Offline" it does not claim to be sending
    expect(syncingText({ phase: 'upload', done: 0, total: 44 }, false)).toBe('Trying to reach the server…');
  });

  it("a first download shows, in words on the screen, how many of the feed's rows have come so far", () => {
    const render = (progress: Parameters<typeof NotDownloaded>[0]['status']['progress']) =>
      renderToString(
        <NotDownloaded
          feed="registrations"
          what="registrations"
          status={{ online: true, syncing: true, lastError: null, progress }}
          errorTitle="Failed"
        />,
      );
    expect(render(null)).toContain('<span class="muted" aria-hidden="true">Downloading registrations...</span>');
    expect(render({ phase: 'download', feed: 'registrations', done: 1000 })).toContain(
      '<span class="muted" aria-hidden="true">Downloading registrations... 1,000 so far</span>',
    );
    // another feed's download is not this screen's progress
    expect(render({ phase: 'download', feed: 'arrivals', done: 1000 })).not.toContain('so far');
  });

  it('before a discard, says whether the change may already be on the server', () => {
    const label = 'Payment $50.00 (cash): Lima (R-1001)';
    expect(discardQuestion({ state: 'pending', label: 'Picked up: UA 1', attempts: 0, kind: 'pickup' })).toBe(
      'Discard this change? It will not reach the server.',
    );
    // money taken at the desk and never sent: this device holds its only record, so it is named
    expect(discardQuestion({ state: 'pending', label, attempts: 0, kind: 'payment' })).toBe(
      `Discard “${label}”? It will not reach the server, and this removes its only record.`,
    );
    // sent once with no clear answer: the server may have it, and discarding here does not take it back
    expect(discardQuestion({ state: 'pending', label, attempts: 1, kind: 'payment' })).toBe(
      `Discard “${label}”? It was sent before and may already be on the server: discarding stops this device sending it again, and does not undo it there.`,
    );
    expect(discardQuestion({ state: 'failed', label, attempts: 1, kind: 'payment' })).toBe(
      `Discard “${label}”? The server refused it, and this removes its last record on this device.`,
    );
  });

  it("warns under an admin's payment above the balance due, not under one within it or a refund", () => {
    expect(overpaymentText('100', false, 0)).toBe(
      '$100.00 is more than the balance due ($0.00): $100.00 would then be due back as a refund.',
    );
    expect(overpaymentText('$450.50', false, 400)).toBe(
      '$450.50 is more than the balance due ($400.00): $50.50 would then be due back as a refund.',
    );
    expect(overpaymentText('400', false, 400)).toBeNull();
    expect(overpaymentText('', false, 0)).toBeNull();
    expect(overpaymentText('100', true, 0)).toBeNull();
    expect(overpaymentText('-100', false, 0)).toBeNull();
    expect(overpaymentText('abc', false, 0)).toBeNull();
    // read as the server reads it: thousands commas yes, '1e3' no; the refund in whole cents
    expect(overpaymentText('1,000', false, 999.9)).toBe(
      '$1,000.00 is more than the balance due ($999.90): $0.10 would then be due back as a refund.',
    );
    expect(overpaymentText('1e3', false, 0)).toBeNull();
  });

  it("reads the rooming list's VIP column: no badge for No, one word for Yes, the level otherwise", () => {
    for (const no of ['', ' ', 'No', 'no', 'N', 'false', '0', 'None', '-', null, undefined]) expect(vipBadge(no)).toBeNull();
    for (const yes of ['VIP', 'vip', 'Yes', 'Y', 'true', '1']) expect(vipBadge(yes)).toBe('VIP');
    expect(vipBadge('Gold')).toBe('VIP: Gold');
  });

  it('says under Age when the age typed belongs to another category than the one chosen', () => {
    const options = [
      { value: 'adult', label: 'Adult (19+)' },
      { value: 'youth', label: 'Youth (13-18)' },
      { value: 'child', label: 'Child (0-12)' },
    ];
    expect(ageCategoryMismatch('10', 'adult', DEFAULT_AGE_BANDS, options)).toBe(
      'Age 10 is in Child (0-12): the price follows the Age Category.',
    );
    expect(ageCategoryMismatch('10', 'child', DEFAULT_AGE_BANDS, options)).toBeNull();
    expect(ageCategoryMismatch('', 'adult', DEFAULT_AGE_BANDS, options)).toBeNull();
    expect(ageCategoryMismatch('40', '', DEFAULT_AGE_BANDS, options)).toBeNull();
    expect(ageCategoryMismatch('4.5', 'adult', DEFAULT_AGE_BANDS, options)).toBeNull();
  });

  it('names the registrations that already use an email typed on a create form', () => {
    const row = (n: string, first: string) => ({ registration_number: n, primary_first_name: first, primary_last_name: 'Lima' });
    expect(emailInUseText([])).toBeNull();
    expect(emailInUseText([row('R25-AAAAAA', 'Ana')])).toBe(
      "R25-AAAAAA (Ana Lima) already uses this email: a visitor's code opens the newest registration with it.",
    );
    expect(emailInUseText([row('R25-AAAAAA', 'Ana'), row('R25-BBBBBB', 'Bo')])).toBe(
      "R25-AAAAAA (Ana Lima), R25-BBBBBB (Bo Lima) already use this email: a visitor's code opens the newest registration with it.",
    );
  });
});

describe("the desk's party card", () => {
  const card = (o: Parameters<typeof registrationRow>[0]) =>
    renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <PartyCard
            initial={{
              searchText: '',
              pendingHotel: null,
              ...registrationRow({
                id: 7,
                total_amount: 300,
                paid_amount: 100,
                balance_due: 200,
                attendees: [attendeeRow({ id: 71, registration_id: 7, first_name: 'Anh' })],
                ...o,
              }),
            }}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );

  it('says a family on the waitlist or pending is not confirmed, and still lets the desk check them in', () => {
    for (const status of ['waitlist', 'pending'] as const) {
      const html = card({ status });
      expect(html).toContain('not confirmed');
      expect(html).toContain('ask an organiser before checking the family in');
      expect(html).toContain('Check in Anh');
    }
    expect(card({ status: 'active' })).not.toContain('not confirmed');
  });

  it('a cancelled family: no controls and no balance to take; a waived one: Waived, not $0.00 of $0.00', () => {
    const cancelled = card({ status: 'cancelled' });
    expect(cancelled).toContain('This registration is cancelled: it cannot be checked in.');
    expect(cancelled).not.toContain('Check in Anh');
    expect(cancelled).toContain('None: cancelled');
    expect(cancelled).not.toContain('$200.00');
    const waived = card({ waive_fees: true, total_amount: 0, paid_amount: 0, balance_due: 0 });
    expect(waived).toContain('Waived');
    expect(waived).not.toContain('$0.00 of $0.00');
  });
});

describe('amounts typed into a money dialog', () => {
  it('reads dollars as people type them, and refuses what is not an amount', () => {
    expect(['120', ' 120.50 ', '$120', '$ 1,250.50', '1,000'].map(typedCents)).toEqual([12000, 12050, 12000, 125050, 100000]);
    for (const bad of ['1e3', '100.555', '', '1,25', '-5', 'ten']) expect(typedCents(bad), bad).toBeNull();
    expect(deskAmountError('$100', 462.5)).toBeNull();
    expect(deskAmountError('500', 462.5)).toBe('The amount is more than the balance due ($462.50)');
    expect(deskAmountError('100.555', 462.5)).toBe('Enter an amount above $0.00, like 120 or 120.50');
  });
});

describe("a hotel link's outcome on the hotel page", () => {
  const pair = {
    booking: { id: 9, guest_name: 'Silva, Ana' } as CachedHotelAssignment,
    registration: {
      id: 5,
      primary_first_name: 'Ana',
      primary_last_name: 'Silva',
      registration_number: 'R25-7KQ2XM',
      hotel_confirmation_number: null,
    },
  };
  it('says the written failure when the server gave no sentence, and a 5xx is a failure kept and sent again', () => {
    expect(linkOutcome({ state: 'failed', opId: 'a', message: 'Request refused (404)' }, pair)).toMatchObject({
      kind: 'error',
      text: 'Failed to link hotel assignment',
    });
    expect(
      linkOutcome({ state: 'conflict', opId: 'a', message: 'This hotel booking is already linked to another registration' }, pair).text,
    ).toBe('This hotel booking is already linked to another registration');
    expect(linkOutcome({ state: 'pending', opId: 'a', attempts: 1, lastError: 'Server error (500)' }, pair, true)).toMatchObject({
      kind: 'error',
      text: 'Failed to link hotel assignment',
      detail: 'The server could not take it just now. It is kept on this device and sent again automatically.',
      follow: { opId: 'a' },
    });
    // no connection: the try that failed never reached the server
    expect(linkOutcome({ state: 'pending', opId: 'a', attempts: 1, lastError: 'Failed to fetch' }, pair, false).kind).toBe('info');
    expect(linkOutcome({ state: 'pending', opId: 'a', attempts: 0, lastError: null }, pair, true)).toMatchObject({
      kind: 'info',
      text: 'Linked Silva, Ana to Ana Silva (R25-7KQ2XM) on this device. It will reach the server when the connection returns.',
    });
    expect(linkOutcome({ state: 'done', opId: 'a', message: null }, pair).text).toBe(
      'Successfully linked Silva, Ana to Ana Silva (R25-7KQ2XM)',
    );
  });

  it("names the sync line's button for a refusal, and says Keep server was the admin's choice, not a change lost before sending", () => {
    expect(linkOutcome({ state: 'conflict', opId: 'a', message: 'This hotel booking was deleted' }, pair).detail).toBe(
      'The change is kept in Sync details ("Resolve changes" on the sync line) with Keep server and Retry.',
    );
    expect(linkOutcome({ state: 'server-kept', opId: 'a', message: 'This hotel booking was deleted' }, pair)).toEqual({
      kind: 'info',
      text: "Kept the server's version: this link was not made.",
      detail: 'This hotel booking was deleted',
    });
    expect(linkOutcome({ state: 'discarded', opId: 'a', message: null }, pair).detail).toBe(
      'The change was discarded on this device before it reached the server.',
    );
  });
});

describe("a registration's payment summary", () => {
  it('says a cancelled family owes nothing, whatever its total, and gives other families their balance', () => {
    const summary = (o: Partial<Registration>) =>
      renderToString(
        <PaymentSummary
          registration={{ ...registrationRow(), total_amount: 1200, paid_amount: 0, balance_due: 1200, ...o } as Registration}
        />,
      );
    // Total Amount $1,200.00 and Balance Due: $0.00 when cancelled, $1,200.00 otherwise
    expect(summary({ status: 'cancelled' }).match(/\$1,200\.00/g)).toHaveLength(1);
    expect(summary({ status: 'cancelled' }).match(/\$0\.00/g)).toHaveLength(2);
    expect(summary({ status: 'active' }).match(/\$1,200\.00/g)).toHaveLength(2);
    // money held on a cancelled registration is shown as due back; on an active one only what is paid beyond the total
    expect(summary({ status: 'cancelled', paid_amount: 205 })).toMatch(/Refund Due.*\$205\.00/);
    expect(summary({ status: 'active', paid_amount: 205 })).not.toContain('Refund Due');
    expect(summary({ status: 'active', paid_amount: 1250 })).toMatch(/Refund Due.*\$50\.00/);
  });
});

describe("a registration's address", () => {
  const address = (o: Partial<Registration>) => addressLines({ ...registrationRow(), ...o } as Registration);
  const empty = { address_line1: null, address_line2: null, city: null, state: null, zip_code: null };

  it('ends with the country, and shows a country other than the default even alone', () => {
    expect(address({ ...empty, address_line1: '1 Lake Rd', city: 'Conroe', state: 'TX', zip_code: '77304', country: 'USA' })).toEqual([
      '1 Lake Rd',
      'Conroe, TX 77304',
      'USA',
    ]);
    expect(address({ ...empty, country: 'Mexico' })).toEqual(['Mexico']);
    // the default country alone is no address: the page says 'No address on file'
    expect(address({ ...empty, country: 'USA' })).toEqual([]);
    expect(address({ ...empty, country: undefined })).toEqual([]);
  });
});

describe("a registration's change history", () => {
  it('says each field an update changed, from its old value to its new one, and that a value was emptied', () => {
    const before = { primary_email: 'ana@old.example', primary_phone: '+1 555 0100', city: 'Houston', notes: 'x'.repeat(100), version: 4 };
    const after = { primary_email: 'ana@new.example', primary_phone: '+1 555 0100', city: null, notes: 'short', version: 9 };
    expect(changeLines(before, after)).toEqual([
      'primary email: ana@old.example → ana@new.example',
      'city: Houston → (empty)',
      `notes: ${'x'.repeat(79)}… → short`,
    ]);
    expect(changeLines(null, after)).toEqual([]);
    // money as the page shows it
    expect(changeLines({ total_amount: 912.5, discount_percentage: 0 }, { total_amount: 1050, discount_percentage: 10 })).toEqual([
      'total amount: $912.50 → $1,050.00',
      'discount percentage: 0% → 10%',
    ]);
  });
});

describe("a visitor's page the server did not answer", () => {
  it('says the signal when no answer came, and a moment when the server failed', () => {
    expect(unreachableText(new ApiError(0, 'Network Error'))).toBe('The server could not be reached. Check your connection and try again.');
    expect(unreachableText(new ApiError(500, 'Internal error'))).toBe(
      'The server could not answer just now. Please try again in a moment.',
    );
    expect(unreachableText(new ApiError(502, 'Bad gateway'))).toBe('The server could not answer just now. Please try again in a moment.');
  });
});

describe("the registration page's requests", () => {
  it('shows a row only for what the reader was given: none for a field the server left out, a dash for one left empty', () => {
    const block = (r: Partial<Registration>) => renderToString(<RequestsBlock registration={r as Registration} />).replace(/<!-- -->/g, '');
    const greeters = block({ special_requests: 'Wheelchair at the gate' }); // no dietary_restrictions in a greeter's answer
    expect(greeters).toContain('Wheelchair at the gate');
    expect(greeters).not.toContain('<dt>Dietary Restrictions</dt>');
    const admins = block({ special_requests: 'Wheelchair at the gate', dietary_restrictions: null });
    expect(admins).toContain('<dt>Dietary Restrictions</dt>');
  });
});

describe("the greeter's counters line", () => {
  const html = (n: number) =>
    renderToString(
      <ArrivalCards compact totals={{ totalArrivals: n, totalPassengers: n, uniqueFlights: n, pickedUp: 0, pending: n }} />,
    ).replace(/<!-- -->/g, '');
  const text = (markup: string) => markup.replace(/<[^>]+>/g, '');

  it('says one of a thing in the singular', () => {
    const shown = (n: number) => text(html(n).replace(/<span class="visually-hidden">[^<]*<\/span>/g, ''));
    expect(shown(1)).toBe('1 arrival · 1 passenger · 1 flight · Picked Up 0 · Pending: 1');
    expect(shown(2)).toBe('2 arrivals · 2 passengers · 2 flights · Picked Up 0 · Pending: 2');
  });

  it("keeps the cards' names for screen readers, unseen", () => {
    expect(text(html(2))).toBe(
      'Total Arrivals 2 arrivals · Total Passengers 2 passengers · Unique Flights 2 flights · Picked Up 0 · Pending: 2',
    );
  });
});

describe("the rooming list's preview", () => {
  it('shows under a row that imports what to check, and counts those rows', () => {
    const data = {
      guest_name: 'Odd Nights',
      confirmation_number: 'C-1',
      room_type: null,
      room_number: null,
      check_in_date: '2025-11-27',
      check_out_date: '2025-11-30',
      nights: 5,
      vip_status: null,
      notes: null,
    };
    const html = renderToString(
      <ImportPreview
        result={{
          rows: [
            {
              line: 2,
              data,
              errors: [],
              warnings: ["Nights 5 differs from the dates, which make 3: the file's 5 is kept"],
              action: 'create',
            },
            { line: 3, data: { ...data, confirmation_number: 'C-2', nights: 3 }, errors: [], warnings: [], action: 'create' },
          ],
          valid: 2,
          invalid: 0,
          created: 2,
          updated: 0,
          unchanged: 0,
          dryRun: true,
          columns: { mapped: {}, ignored: [] },
        }}
      />,
    ).replace(/<!-- -->/g, '');
    expect(html).toContain('1 to check (they import; see the warning)');
    expect(html).toContain('Nights 5 differs from the dates, which make 3: the file&#x27;s 5 is kept');
  });
});

describe("the bulk flight-info request's last words", () => {
  it('names the registrations whose mail was refused, from the last batch, which tried them all again', () => {
    const refused = [{ registration_number: 'R26-AAAAAA', name: 'Binh Tran' }];
    const result = combineBatches(
      [
        { sent: 10, skipped_recent: 2, failed: 1, total: 14, remaining: 1, failed_registrations: refused },
        { sent: 1, skipped_recent: 12, failed: 1, total: 14, remaining: 0, failed_registrations: refused },
      ],
      false,
    );
    expect(bulkResultText(result)).toBe(
      'Flight info request sent to 11 of 14 registrations. 2 skipped (asked within the last 24 hours). 1 could not be sent: R26-AAAAAA (Binh Tran). Try again later, or ask the family by phone.',
    );
    expect(bulkResultText({ sent: 3, skipped_recent: 0, failed: 0, total: 3 })).toBe('Flight info request sent to 3 of 3 registrations.');
  });

  it('goes on past a batch another admin mailed meanwhile, says so, and stops only where asking again would fail the same way', () => {
    const batch = (sent: number, failed: number, remaining: number) => ({ sent, skipped_recent: 0, failed, total: 30, remaining });
    // the other run took this batch's families: nothing sent, nothing failed, fewer left
    const taken = [batch(10, 0, 20), batch(0, 0, 10)];
    expect(nextStep(taken)).toBe('more');
    expect(nextStep([batch(0, 0, 20)])).toBe('more');
    const ended = [...taken, batch(10, 0, 0)];
    expect(nextStep(ended)).toBe('done');
    expect(bulkResultText(combineBatches(ended, false))).toBe(
      'Flight info request sent to 20 of 30 registrations. 10 not sent by this run: asked meanwhile from another screen, or no longer in the list.',
    );
    // refusals, or nothing fewer left: stop, and what is left could not be sent
    expect(nextStep([batch(10, 0, 20), batch(0, 10, 10)])).toBe('stuck');
    expect(nextStep([batch(10, 0, 20), batch(0, 0, 20)])).toBe('stuck');
    expect(combineBatches([batch(10, 0, 20), batch(0, 10, 10)], true)).toMatchObject({ sent: 10, failed: 20, elsewhere: 0 });
  });
});
