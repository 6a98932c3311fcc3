import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createTestApp } from '../helpers/app';
import { makeRegistration } from '../helpers/staff-fixtures';
import { hotelAssignments, registrations } from '../../server/db/schema';

const t = await createTestApp();
const admin = await t.makeUser('admin');
const greeter = await t.makeUser('greeter');

let n = 0;
const conf = (label: string) => `${label}-${Date.now().toString(36)}-${(n += 1)}`;

const importCsv = (csv: string, opts: { dryRun?: boolean; type?: string; token?: string } = {}) =>
  t.api('POST', `/api/hotel-assignments/import${opts.dryRun ? '?dryRun=true' : ''}`, {
    token: opts.token ?? admin.token,
    raw: csv,
    headers: { 'content-type': opts.type ?? 'text/csv' },
  });

const byConfirmation = (numbers: string[]) =>
  t.db.select().from(hotelAssignments).where(inArray(hotelAssignments.confirmationNumber, numbers));

describe('POST /api/hotel-assignments/import', () => {
  it('imports a rooming list with forgiving headers, both date styles and computed nights', async () => {
    const [c1, c2] = [conf('A'), conf('B')];
    const csv = [
      'Guest Name,Conf #,Room Type,Room #,Arrival,Departure,Nights,VIP,Comments',
      `"Silva, Ana",${c1},King Lake View,214,2025-11-27,2025-11-30,3,Gold,Late arrival`,
      `Bo Chen,${c2},Double Queen,,11/26/2025,11/30/2025,,,`,
    ].join('\r\n');
    const res = await importCsv(csv);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ valid: 2, invalid: 0, created: 2, updated: 0, dryRun: false });
    expect(res.body.columns.mapped).toMatchObject({
      guest_name: 'Guest Name',
      confirmation_number: 'Conf #',
      room_number: 'Room #',
      check_in_date: 'Arrival',
      check_out_date: 'Departure',
      vip_status: 'VIP',
      notes: 'Comments',
    });
    const rows = await byConfirmation([c1, c2]);
    const ana = rows.find((r) => r.confirmationNumber === c1)!;
    expect(ana).toMatchObject({
      guestName: 'Silva, Ana',
      roomType: 'King Lake View',
      roomNumber: '214',
      checkInDate: '2025-11-27',
      checkOutDate: '2025-11-30',
      nights: 3,
      vipStatus: 'Gold',
      notes: 'Late arrival',
      registrationId: null,
    });
    const bo = rows.find((r) => r.confirmationNumber === c2)!;
    expect(bo).toMatchObject({ checkInDate: '2025-11-26', checkOutDate: '2025-11-30', nights: 4, roomNumber: null });
    const unmatched = await t.api('GET', '/api/hotel-assignments/unmatched?limit=100', { token: admin.token });
    expect(unmatched.body.assignments.map((a: any) => a.confirmation_number)).toEqual(expect.arrayContaining([c1, c2]));
  });

  it('reports bad rows line by line and writes only the valid ones', async () => {
    const [good, dup] = [conf('G'), conf('D')];
    const csv = [
      'Name,Confirmation Number,Check In,Check Out,Nights',
      `Good Guest,${good},2025-11-27,2025-11-29,2`,
      `,${conf('X')},2025-11-27,2025-11-29,2`,
      'No Number,,2025-11-27,2025-11-29,2',
      `Bad Date,${conf('Y')},27.11.2025,2025-11-29,`,
      `Backwards,${conf('Z')},2025-11-29,2025-11-27,`,
      `Bad Nights,${conf('N')},2025-11-27,2025-11-29,two`,
      `First Dup,${dup},,,`,
      `Second Dup,${dup},,,`,
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ valid: 2, invalid: 6, created: 2 });
    const errorsOn = (line: number) => res.body.rows.find((r: any) => r.line === line).errors;
    expect(errorsOn(2)).toEqual([]);
    expect(errorsOn(3)).toEqual(['Guest name is required']);
    expect(errorsOn(4)).toEqual(['Confirmation number is required']);
    expect(errorsOn(5)).toEqual(["Check-in date '27.11.2025' is not a date (use YYYY-MM-DD or MM/DD/YYYY)"]);
    expect(errorsOn(6)).toEqual(['Check-out date must be after check-in date']);
    expect(errorsOn(7)).toEqual(["Nights 'two' must be a whole number from 0 to 999"]);
    expect(errorsOn(9)).toEqual([`Confirmation number ${dup} is already on line 8`]);
    const stored = await byConfirmation([good, dup]);
    expect(stored.map((r) => r.guestName).sort()).toEqual(['First Dup', 'Good Guest']);
  });

  it('refuses a row with more cells than the header (a comma not in quotes), and takes quoted commas', async () => {
    const [name, note, quoted] = [conf('C'), conf('C'), conf('C')];
    const csv = [
      'Guest Name,Confirmation Number,Room Type,Notes',
      `Singh, Chioma,${name},Two Queens,`,
      `Ana Ruiz,${note},King,Late arrival, needs crib`,
      `"Singh, Chioma",${quoted},Two Queens,"Late arrival, needs crib"`,
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ valid: 1, invalid: 2, created: 1 });
    const shifted = 'This row has 5 cells but the header has 4: a name or note that holds a comma must be in double quotes';
    const errorsOn = (line: number) => res.body.rows.find((r: any) => r.line === line).errors;
    expect(errorsOn(2)).toEqual([`${shifted}, and a row must not end with a comma`]);
    expect(errorsOn(3)).toEqual([shifted]);
    expect(errorsOn(4)).toEqual([]);
    const stored = await byConfirmation([name, note, quoted, 'Chioma']);
    expect(stored.map((r) => [r.guestName, r.notes])).toEqual([['Singh, Chioma', 'Late arrival, needs crib']]);
  });

  it('refuses a file of nothing but "Last, First" names not in quotes, though each row could be one ending with a comma', async () => {
    const [a, b] = [conf('T'), conf('T')];
    const res = await importCsv(`Guest Name,Confirmation Number,Room Type,Notes\nSingh, Chioma,${a},King,\nWu, Ai,${b},Two Queens,\n`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ valid: 0, invalid: 2, created: 0 });
    expect(await byConfirmation([a, b, 'Chioma', 'Ai'])).toEqual([]);
    // the same rows as they should be: a trailing comma in the header too, or the names in quotes
    const quoted = await importCsv(
      `Guest Name,Confirmation Number,Room Type,Notes\n"Singh, Chioma",${a},King,\n"Wu, Ai",${b},Two Queens,\n`,
    );
    expect(quoted.body).toMatchObject({ valid: 2, invalid: 0, created: 2 });
  });

  it('numbers each row by the line it starts on when a note spans lines, and passes over rows of nothing but commas', async () => {
    const [kelly, nasser] = [conf('K'), conf('S')];
    const csv = [
      'Guest Name,Confirmation Number,Notes',
      `"Kelly, Ann",${kelly},"Crib requested\r\nLate arrival\r\nGround floor"`,
      `"Nasser, Omar",${nasser},`,
      '',
      '  ',
      `"Park, Ji",${kelly},`,
      ',,',
      ',,',
    ].join('\r\n');
    const res = await importCsv(csv, { dryRun: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ valid: 2, invalid: 1 });
    expect(res.body.rows.map((r: any) => [r.line, r.data.guest_name])).toEqual([
      [2, 'Kelly, Ann'],
      [5, 'Nasser, Omar'],
      [8, 'Park, Ji'],
    ]);
    expect(res.body.rows[2].errors).toEqual([`Confirmation number ${kelly} is already on line 2`]);
  });

  it('a dry run previews what would happen and writes nothing', async () => {
    const c = conf('P');
    const csv = `Guest,Confirmation\nPreview Person,${c}\n`;
    const res = await importCsv(csv, { dryRun: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ dryRun: true, valid: 1, created: 1 });
    expect(res.body.rows[0]).toMatchObject({ line: 2, action: 'create', data: { guest_name: 'Preview Person', confirmation_number: c } });
    expect(await byConfirmation([c])).toHaveLength(0);
  });

  it('re-importing the same confirmation numbers updates, keeps the link and refreshes the registration', async () => {
    const c = conf('R');
    const other = conf('S');
    await importCsv(
      `Guest,Conf,Room,Check-In,Check-Out\nRe Import,${c},,2025-11-27,2025-11-30\nSame Same,${other},9,2025-11-27,2025-11-30\n`,
    );
    const [booking] = await byConfirmation([c]);
    const reg = await makeRegistration(t.db);
    await t.api('POST', `/api/hotel-assignments/${booking.id}/match`, { token: admin.token, body: { registrationId: reg.id } });

    const preview = await importCsv(
      `Guest,Conf,Room,Check-In,Check-Out\nRe Import,${c},512,2025-11-27,2025-11-30\nSame Same,${other},9,2025-11-27,2025-11-30\n`,
      {
        dryRun: true,
      },
    );
    expect(preview.body).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    // the preview says what an update changes; an unchanged row lists nothing
    expect(preview.body.rows[0].changes).toEqual([{ field: 'room_number', from: null, to: '512' }]);
    expect(preview.body.rows[1].changes).toBeUndefined();
    const res = await importCsv(
      `Guest,Conf,Room,Check-In,Check-Out\nRe Import,${c},512,2025-11-27,2025-11-30\nSame Same,${other},9,2025-11-27,2025-11-30\n`,
    );
    expect(res.body).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    const rows = await byConfirmation([c]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: booking.id, roomNumber: '512', registrationId: reg.id });
    const [after] = await t.db.select().from(registrations).where(eq(registrations.id, reg.id));
    expect(after.hotelRoomNumber).toBe('512');
    expect(res.body.rows[0].warnings).toEqual([]);

    // another guest name on a linked booking: the family it is linked to is named, to check
    const renamed = `Guest,Conf,Room,Check-In,Check-Out\nKevin Nguyen,${c},512,2025-11-27,2025-11-30\n`;
    const check = `Linked to ${reg.primaryFirstName} ${reg.primaryLastName} (${reg.registrationNumber}): check the new guest name is still their booking, or unlink it`;
    const warned = await importCsv(renamed, { dryRun: true });
    expect(warned.body.rows[0]).toMatchObject({ action: 'update', warnings: [check] });
    expect((await importCsv(renamed)).body.rows[0].warnings).toEqual([check]);
  });

  it('a list without some columns leaves the stored values of those columns alone, on the booking and on its registration', async () => {
    const c = conf('P');
    await importCsv(
      `Guest,Conf,Room Type,Room,Check-In,Check-Out,Notes\nPart Ial,${c},Two Queens,3633,2025-11-27,2025-12-01,Feather-free\n`,
    );
    const [booking] = await byConfirmation([c]);
    const reg = await makeRegistration(t.db);
    await t.api('POST', `/api/hotel-assignments/${booking.id}/match`, { token: admin.token, body: { registrationId: reg.id } });
    // the same booking in a list of names and numbers only: nothing to change
    const same = await importCsv(`Guest Name,Confirmation Number\nPart Ial,${c}\n`, { dryRun: true });
    expect(same.body).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    // a new room number in a list without the other columns: only the room number changes
    const res = await importCsv(`Guest Name,Confirmation Number,Room\nPart Ial,${c},4100\n`);
    expect(res.body).toMatchObject({ updated: 1 });
    const [after] = await byConfirmation([c]);
    expect(after).toMatchObject({
      roomNumber: '4100',
      roomType: 'Two Queens',
      checkInDate: '2025-11-27',
      checkOutDate: '2025-12-01',
      nights: 4,
      notes: 'Feather-free',
    });
    const [shown] = await t.db.select().from(registrations).where(eq(registrations.id, reg.id));
    expect(shown).toMatchObject({ hotelRoomNumber: '4100', hotelRoomType: 'Two Queens', hotelNights: 4, hotelCheckInDate: '2025-11-27' });
    // one date against the booking's other: the nights follow, and a stay that would end before it starts is refused
    const moved = await importCsv(`Guest Name,Confirmation Number,Check-In\nPart Ial,${c},2025-11-28\n`);
    expect(moved.body).toMatchObject({ updated: 1 });
    expect((await byConfirmation([c]))[0]).toMatchObject({ checkInDate: '2025-11-28', checkOutDate: '2025-12-01', nights: 3 });
    const backwards = await importCsv(`Guest Name,Confirmation Number,Check-Out\nPart Ial,${c},2025-11-27\n`);
    expect(backwards.body).toMatchObject({ updated: 0, invalid: 1 });
    expect(backwards.body.rows[0].errors).toEqual(['Check-out date must be after check-in date']);
    expect((await byConfirmation([c]))[0]).toMatchObject({ checkOutDate: '2025-12-01', nights: 3 });
  });

  it('takes the file as a multipart field "file", also with ; separators and First/Last name columns', async () => {
    const c = conf('M');
    const form = new FormData();
    form.append(
      'file',
      new File([`\uFEFFFirst Name;Last Name;Reservation Number;Check-in Date\nMia;Park;${c};11/27/2025\n`], 'rooming.csv', {
        type: 'text/csv',
      }),
    );
    const res = await t.app.request('/api/hotel-assignments/import', {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ created: 1, invalid: 0 });
    const [row] = await byConfirmation([c]);
    expect(row).toMatchObject({ guestName: 'Mia Park', checkInDate: '2025-11-27' });
  });

  it("a file that is not UTF-8 (Excel's Windows-1252 CSV) is refused with a sentence, and nothing is written", async () => {
    const c = conf('W');
    // "José" in Windows-1252: é is the single byte E9, which is no UTF-8
    const bytes = new Uint8Array([
      ...new TextEncoder().encode(`Guest Name,Confirmation Number\nJos`),
      0xe9,
      ...new TextEncoder().encode(`,${c}\n`),
    ]);
    const form = new FormData();
    form.append('file', new File([bytes], 'rooming.csv', { type: 'application/vnd.ms-excel' }));
    const res = await t.app.request('/api/hotel-assignments/import', {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(
      'The file is not UTF-8 text, so some letters could not be read. Save it as "CSV UTF-8" and import it again.',
    );
    expect(await byConfirmation([c])).toHaveLength(0);
  });

  it('an Excel workbook (.xlsx or .xls) chosen instead of a CSV is told so, and nothing is written', async () => {
    // an .xlsx is a zip: "PK" 03 04, then binary; an .xls a compound file: D0 CF 11 E0 A1 B1 1A E1
    const xlsx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0xe9, 0xff, 0x00, 0x41]);
    const xls = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00, 0x00, 0x3e, 0x00]);
    const count = async () => (await t.db.select({ id: hotelAssignments.id }).from(hotelAssignments)).length;
    const before = await count();
    const sentence = 'The file is a spreadsheet workbook (Excel or another), not a CSV. Save it as "CSV UTF-8" and import that file.';
    for (const [bytes, name] of [
      [xlsx, 'rooming.xlsx'],
      [xls, 'rooming.xls'],
    ] as const) {
      const form = new FormData();
      form.append('file', new File([bytes], name, { type: 'application/octet-stream' }));
      const res = await t.app.request('/api/hotel-assignments/import', {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.token}` },
        body: form,
      });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(sentence);
      // as the PWA sends it: the bytes read as Windows-1252 text
      const res2 = await importCsv(new TextDecoder('windows-1252').decode(bytes));
      expect(res2.status).toBe(400);
      expect(res2.body.error).toBe(sentence);
    }
    expect(await count()).toBe(before);
  });

  it('a file of more bookings than a rooming list holds is refused with its count, and nothing is written', async () => {
    const rows = Array.from({ length: 5001 }, (_, i) => `Guest ${i},BIG${i}`).join('\n');
    const res = await importCsv(`Guest Name,Confirmation Number\n${rows}\n`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('A rooming list has at most 5,000 bookings; this file has 5,001.');
    expect(await byConfirmation(['BIG0', 'BIG5000'])).toHaveLength(0);
  });

  it('a multipart upload without the file field is 400', async () => {
    const form = new FormData();
    form.append('other', 'x');
    const res = await t.app.request('/api/hotel-assignments/import', {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('Attach the rooming list as the form field "file"');
  });

  it('refuses an empty file, a file without the needed columns, and a header-only file with sentences', async () => {
    const empty = await importCsv('');
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/^The file is empty\./);
    const garbage = await importCsv('hello world\nthis is not a rooming list\n');
    expect(garbage.status).toBe(400);
    expect(garbage.body.error).toMatch(/^The file has no guest name or confirmation number column \(found: hello world\)/);
    const headerOnly = await importCsv('Guest,Confirmation\n');
    expect(headerOnly.status).toBe(400);
    expect(headerOnly.body.error).toBe('The file has a header row but no bookings.');
    const json = await t.api('POST', '/api/hotel-assignments/import', { token: admin.token, body: { rows: [] } });
    expect(json.status).toBe(400);
    expect(json.body.error).toMatch(/text\/csv/);
  });

  it('is for admins only', async () => {
    expect((await importCsv('Guest,Confirmation\nX,Y\n', { token: greeter.token })).status).toBe(403);
    expect(
      (await t.api('POST', '/api/hotel-assignments/import', { raw: 'Guest,Confirmation\nX,Y\n', headers: { 'content-type': 'text/csv' } }))
        .status,
    ).toBe(401);
  });

  it("imports, with a warning to check, nights that differ from the dates, a stay far from the event's dates and a booking deleted before", async () => {
    const [odd, far, gone, fine] = [conf('ODD'), conf('FAR'), conf('GONE'), conf('FINE')];
    expect((await importCsv(`Guest,Confirmation,Check-in,Check-out\nGone Family,${gone},2025-11-27,2025-11-30\n`)).status).toBe(200);
    const [deleted] = await byConfirmation([gone]);
    expect((await t.api('DELETE', `/api/hotel-assignments/${deleted.id}`, { token: admin.token })).status).toBe(204);

    const csv = [
      'Guest,Confirmation,Check-in,Check-out,Nights',
      `Odd Nights,${odd},2025-11-27,2025-11-30,5`,
      `Next Year,${far},2026-11-27,2026-11-30,3`,
      `Gone Family,${gone},2025-11-27,2025-11-30,3`,
      `All Fine,${fine},2025-11-26,2025-11-30,4`,
    ].join('\n');
    const preview = await importCsv(csv, { dryRun: true });
    expect(preview.status).toBe(200);
    // the day of the deletion in the event's time zone, as the office reads its calendar
    // as the screens write a date: 'Nov 28, 2026'
    const todayWritten = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Chicago',
      month: 'short',
      day: '2-digit',
      year: 'numeric',
    }).format(new Date());
    expect(preview.body.rows.map((r: any) => [r.data.confirmation_number, r.action, r.errors, r.warnings])).toEqual([
      [odd, 'create', [], ["Nights 5 differs from the dates, which make 3: the file's 5 is kept"]],
      [
        far,
        'create',
        [],
        [
          "Check-in date 2026-11-27 is outside the event's travel dates (2025-11-25 to 2025-12-02)",
          "Check-out date 2026-11-30 is outside the event's travel dates (2025-11-25 to 2025-12-02)",
        ],
      ],
      [gone, 'create', [], [`A booking with this confirmation number was deleted on ${todayWritten}: importing adds it again`]],
      [fine, 'create', [], []],
    ]);
    // warnings do not stop a row: all four are imported, the file's nights as given
    const res = await importCsv(csv);
    expect(res.body).toMatchObject({ valid: 4, invalid: 0, created: 4 });
    const stored = await byConfirmation([odd, far, gone, fine]);
    expect(stored.filter((b) => !b.deletedAt)).toHaveLength(4);
    expect(stored.find((b) => b.confirmationNumber === odd)!.nights).toBe(5);
  });
});
