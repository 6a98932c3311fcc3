import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp } from '../helpers/app';
import { makeRegistration } from '../helpers/factories';
import { attendees, auditLog, culturalPrograms, registrations } from '../../server/db/schema';
import { issueRegistrantToken } from '../../server/services/registrants/registrant-tokens';

const t = await createTestApp();
const admin = await t.makeUser('admin');
const greeter = await t.makeUser('greeter');

const adminForm = (over: Record<string, unknown> = {}) => ({
  primary_email: 'Rosa.Mendes@Example.org',
  primary_phone: '+1 555 0101',
  primary_first_name: 'Rosa',
  primary_last_name: 'Mendes',
  primary_age_category: 'adult',
  address_line1: '12 Lake Rd',
  city: 'Houston',
  state: 'TX',
  zip_code: '77001',
  dietary_restrictions: 'Vegetarian',
  special_requests: 'Ground floor room',
  turnstileToken: 'solved',
  ...over,
});

const manualForm = (over: Record<string, unknown> = {}) => ({
  primary_email: 'jose.garcia@example.org',
  primary_phone: '+1 555 0102',
  primary_first_name: 'José',
  primary_last_name: 'García',
  emergency_contact_name: 'Lucia García',
  emergency_contact_phone: '+1 555 0199',
  notes: 'Paid by check at the desk',
  attendees: [
    { first_name: 'Marta', last_name: 'García', age_category: 'adult' },
    { first_name: 'Leo', last_name: 'García', age_category: 'youth' },
    { first_name: 'Inés', last_name: 'García', age_category: 'child' },
  ],
  ...over,
});

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ first_name: `Kid${i}`, last_name: 'Many', age_category: 'child' }));

describe('POST /api/registrations (admin create form)', () => {
  it('creates the registration with a number, the primary attendee and the amounts (late fee today)', async () => {
    const res = await t.api('POST', '/api/registrations', { token: admin.token, body: adminForm() });
    expect(res.status).toBe(201);
    const reg = res.body.registration;
    expect(reg.registration_number).toMatch(/^R25-[A-Z2-9]{6}$/);
    expect(reg).toMatchObject({
      status: 'active',
      payment_status: 'pending',
      primary_email: 'rosa.mendes@example.org',
      primary_first_name: 'Rosa',
      primary_age_category: 'adult',
      country: 'USA',
      city: 'Houston',
      base_amount: 350,
      late_fee_applied: true,
      late_fee_amount: 50,
      total_amount: 400,
      paid_amount: 0,
      waive_fees: false,
      discount_percentage: 0,
      fixed_discount_amount: 0,
      attendee_count: 1,
    });
    expect(new Date(reg.created_at).toISOString()).toBe(reg.created_at);
    // the created object also at the top level, as every create answers
    expect(res.body).toMatchObject({ id: reg.id, registration_number: reg.registration_number, total_amount: 400 });
    const people = await t.db.select().from(attendees).where(eq(attendees.registrationId, reg.id));
    expect(people).toHaveLength(1);
    expect(people[0]).toMatchObject({ firstName: 'Rosa', lastName: 'Mendes', isPrimary: true, ageCategory: 'adult' });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'registration'), eq(auditLog.entityId, String(reg.id))));
    expect(audits.map((a) => a.action)).toEqual(['registration.create']);
    expect(audits[0].actor).toBe(admin.email);
  });

  it('uses the docs/product.md#messages sentences and writes nothing', async () => {
    const before = await t.db.select({ id: registrations.id }).from(registrations);
    const res = await t.api('POST', '/api/registrations', { token: admin.token, body: { turnstileToken: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({
      primary_email: 'Email is required',
      primary_phone: 'Phone number is required',
      primary_first_name: 'First name is required',
      primary_last_name: 'Last name is required',
      primary_age_category: 'Age category is required',
    });
    const bad = await t.api('POST', '/api/registrations', {
      token: admin.token,
      body: adminForm({ primary_email: 'not-an-email', primary_age_category: 'senior', primary_first_name: '   ' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      primary_email: 'Invalid email',
      primary_age_category: 'Age category is required',
      primary_first_name: 'First name is required',
    });
    expect(await t.db.select({ id: registrations.id }).from(registrations)).toHaveLength(before.length);
  });

  it('is for admins only', async () => {
    expect((await t.api('POST', '/api/registrations', { body: adminForm() })).status).toBe(401);
    expect((await t.api('POST', '/api/registrations', { token: greeter.token, body: adminForm() })).status).toBe(403);
  });

  it('refuses a missing security verification when the challenge is on', async () => {
    // a verifier that reports what a real provider would for a missing or expired solution
    const outcomes: Record<string, 'ok' | 'failed' | 'expired'> = { good: 'ok', stale: 'expired', forged: 'failed' };
    const original = t.deps.challenge.verify;
    t.deps.challenge.verify = async (s) => (s ? (outcomes[s] ?? 'failed') : 'missing');
    try {
      const missing = await t.api('POST', '/api/registrations', { token: admin.token, body: adminForm({ turnstileToken: undefined }) });
      expect(missing.status).toBe(400);
      expect(missing.body.error).toBe('Please complete the security verification.');
      const expired = await t.api('POST', '/api/registrations', { token: admin.token, body: adminForm({ turnstileToken: 'stale' }) });
      expect(expired.body.error).toBe('Security verification expired. Please try again.');
      const failed = await t.api('POST', '/api/registrations', { token: admin.token, body: adminForm({ turnstileToken: 'forged' }) });
      expect(failed.body.error).toBe('Security verification failed. Please try again.');
      // the manual form carries no challenge; /register with group members carries its own
      const manual = await t.api('POST', '/api/registrations', { token: admin.token, body: manualForm() });
      expect(manual.status).toBe(201);
      const family = await t.api('POST', '/api/registrations', { token: admin.token, body: manualForm({ turnstileToken: 'forged' }) });
      expect(family.status).toBe(400);
      expect(family.body.error).toBe('Security verification failed. Please try again.');
      const solved = await t.api('POST', '/api/registrations', { token: admin.token, body: manualForm({ turnstileToken: 'good' }) });
      expect(solved.status).toBe(201);
      // a solution that is not text is no solution
      const odd = await t.api('POST', '/api/registrations', { token: admin.token, body: manualForm({ turnstileToken: { a: 1 } }) });
      expect(odd.status).toBe(400);
      expect(odd.body.error).toBe('Please complete the security verification.');
      const ok = await t.api('POST', '/api/registrations', { token: admin.token, body: adminForm({ turnstileToken: 'good' }) });
      expect(ok.status).toBe(201);
    } finally {
      t.deps.challenge.verify = original;
    }
  });
});

describe('POST /api/registrations (manual create form)', () => {
  it('creates the primary attendee plus the group members and prices them', async () => {
    const res = await t.api('POST', '/api/registrations', { token: admin.token, body: manualForm() });
    expect(res.status).toBe(201);
    const reg = res.body.registration;
    // primary adult 350 + adult 350 + youth 200 + child 150 + late fee 50
    expect(reg).toMatchObject({
      primary_age_category: 'adult',
      emergency_contact_name: 'Lucia García',
      emergency_contact_phone: '+1 555 0199',
      notes: 'Paid by check at the desk',
      base_amount: 1050,
      total_amount: 1100,
      attendee_count: 4,
    });
    const detail = await t.api('GET', `/api/registrations/${reg.registration_number}`, { token: admin.token });
    expect(detail.body.attendees.map((a: any) => [a.first_name, a.age_category, a.is_primary])).toEqual([
      ['José', 'adult', true],
      ['Marta', 'adult', false],
      ['Leo', 'youth', false],
      ['Inés', 'child', false],
    ]);
  });

  it('the primary contact listed again among the members (as self, under their own name) is one attendee, charged once', async () => {
    const res = await t.api('POST', '/api/registrations', {
      token: admin.token,
      body: manualForm({
        attendees: [
          {
            first_name: 'jose',
            last_name: 'Garcia',
            age_category: 'adult',
            relationship: 'self',
            dietary_restrictions: 'No pork',
            age: 52,
          },
          { first_name: 'Inés', last_name: 'García', age_category: 'child', relationship: 'child' },
        ],
      }),
    });
    expect(res.status).toBe(201);
    // primary adult 350 + child 150 + late fee 50
    expect(res.body.registration).toMatchObject({ base_amount: 500, total_amount: 550, attendee_count: 2 });
    const detail = await t.api('GET', `/api/registrations/${res.body.registration.registration_number}`, { token: admin.token });
    expect(detail.body.attendees.map((a: any) => [a.first_name, a.is_primary, a.dietary_restrictions, a.age])).toEqual([
      ['José', true, 'No pork', 52],
      ['Inés', false, null, null],
    ]);
  });

  it("uses 'Phone is required' and checks every group member", async () => {
    const res = await t.api('POST', '/api/registrations', {
      token: admin.token,
      body: manualForm({
        primary_phone: '',
        attendees: [
          { first_name: '', last_name: 'X' },
          { first_name: 'Y', last_name: '', age_category: 'adult' },
        ],
      }),
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({
      primary_phone: 'Phone is required',
      'attendees.0.first_name': 'First name is required',
      'attendees.0.age_category': 'Age category is required',
      'attendees.1.last_name': 'Last name is required',
    });
  });

  it('takes 8 group members (9 in all) and refuses a ninth with 422', async () => {
    const ok = await t.api('POST', '/api/registrations', { token: admin.token, body: manualForm({ attendees: rows(8) }) });
    expect(ok.status).toBe(201);
    expect(ok.body.registration.attendee_count).toBe(9);
    const count = (await t.db.select({ id: registrations.id }).from(registrations)).length;
    const tooMany = await t.api('POST', '/api/registrations', { token: admin.token, body: manualForm({ attendees: rows(9) }) });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.error).toBe('A registration can have at most 9 attendees');
    expect((await t.db.select({ id: registrations.id }).from(registrations)).length).toBe(count);
  });

  it('defaults the primary category to adult and finds the registration by an attendee name without accents', async () => {
    const res = await t.api('POST', '/api/registrations', {
      token: admin.token,
      body: manualForm({
        primary_email: 'unique-ines@example.org',
        attendees: [{ first_name: 'Inès', last_name: 'Ñúñez', age_category: 'child' }],
      }),
    });
    expect(res.body.registration.primary_age_category).toBe('adult');
    const found = await t.api('GET', '/api/registrations?search=nunez', { token: admin.token });
    expect(found.body.registrations.map((r: any) => r.id)).toContain(res.body.registration.id);
  });
});

describe('GET /api/registrations/{id}', () => {
  it('answers by numeric id and by registration number with registration, attendees and flightInfo', async () => {
    const reg = await makeRegistration(t.db, {
      attendees: [{ firstName: 'Leo', lastName: 'Silva', ageCategory: 'child', relationship: 'child', age: 9, gender: 'male' }],
      flights: [{ flightNumber: 'UA1' }, { flightNumber: 'UA2', removedAt: new Date() }],
      columns: { hotelConfirmationNumber: 'HC-1', hotelRoomNumber: '204', hotelNights: 3 },
    });
    const byId = await t.api('GET', `/api/registrations/${reg.id}`, { token: admin.token });
    const byNumber = await t.api('GET', `/api/registrations/${reg.registrationNumber.toLowerCase()}`, { token: admin.token });
    expect(byId.status).toBe(200);
    expect(byNumber.body).toEqual(byId.body);
    const { registration, attendees: people, flightInfo } = byId.body;
    expect(registration).toMatchObject({
      id: reg.id,
      registration_number: reg.registrationNumber,
      hotel_confirmation_number: 'HC-1',
      hotel_room_number: '204',
      hotel_nights: 3,
      total_amount: 550,
      base_amount: 500,
      late_fee_amount: 50,
      address_line1: null,
    });
    expect(people[1]).toMatchObject({
      first_name: 'Leo',
      is_primary: false,
      age_category: 'child',
      relationship: 'child',
      age: 9,
      gender: 'male',
      cultural_programs: [],
    });
    expect(flightInfo.map((f: any) => f.flight_number)).toEqual(['UA1']);
  });

  it("lists each attendee's cultural programs, in the order they were chosen", async () => {
    const reg = await makeRegistration(t.db, { attendees: [{ firstName: 'Mia', lastName: 'Silva' }] });
    const [primary, mia] = await t.db
      .select({ id: attendees.id })
      .from(attendees)
      .where(eq(attendees.registrationId, reg.id))
      .orderBy(attendees.id);
    const programs = await t.db
      .insert(culturalPrograms)
      .values([
        { attendeeId: mia.id, programType: 'dance' },
        { attendeeId: mia.id, programType: 'music' },
        { attendeeId: primary.id, programType: 'drama' },
      ])
      .returning();
    const res = await t.api('GET', `/api/registrations/${reg.registrationNumber}`, { token: admin.token });
    const byId = new Map(res.body.attendees.map((a: any) => [a.id, a.cultural_programs]));
    expect(byId.get(mia.id)).toEqual([
      { id: programs[0].id, program_type: 'dance' },
      { id: programs[1].id, program_type: 'music' },
    ]);
    expect(byId.get(primary.id)).toEqual([{ id: programs[2].id, program_type: 'drama' }]);
  });

  it("answers 404 'Registration not found' for an unknown id or number", async () => {
    for (const id of ['999999', 'R25-NOPE22']) {
      const res = await t.api('GET', `/api/registrations/${id}`, { token: admin.token });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Registration not found');
    }
  });

  it('leaves out removed attendees', async () => {
    const reg = await makeRegistration(t.db, { attendees: [{ firstName: 'Gone', lastName: 'Away' }] });
    const gone = reg.attendees.find((a) => a.first_name === 'Gone')!;
    expect((await t.api('DELETE', `/api/registrations/${reg.id}/attendees/${gone.id}`, { token: admin.token })).status).toBe(204);
    const res = await t.api('GET', `/api/registrations/${reg.id}`, { token: admin.token });
    expect(res.body.attendees.map((a: any) => a.first_name)).not.toContain('Gone');
  });

  it('gives greeters the registration without address or money, and registrants only their own', async () => {
    const a = await makeRegistration(t.db, { addressLine1: '1 Secret St', zipCode: '77002', city: 'Conroe', state: 'TX' });
    const b = await makeRegistration(t.db);
    const g = await t.api('GET', `/api/registrations/${a.id}`, { token: greeter.token });
    expect(g.status).toBe(200);
    expect(g.body.registration).toMatchObject({ primary_phone: '+1 555 0100', city: 'Conroe', state: 'TX' });
    for (const hidden of ['address_line1', 'zip_code', 'total_amount', 'paid_amount', 'payment_status', 'waive_fees']) {
      expect(g.body.registration).not.toHaveProperty(hidden);
    }
    const { registrantToken } = await issueRegistrantToken(t.db, a.id, a.primaryEmail);
    const own = await t.api('GET', `/api/registrations/${a.registrationNumber}`, { registrantToken });
    expect(own.status).toBe(200);
    expect(own.body.registration.total_amount).toBe(400);
    const other = await t.api('GET', `/api/registrations/${b.registrationNumber}`, { registrantToken });
    expect(other.status).toBe(401);
    expect(other.body.error).toBe('You can only view your own registration');
    const anonymous = await t.api('GET', `/api/registrations/${a.registrationNumber}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).not.toHaveProperty('registration');
  });
});

describe('PUT /api/registrations/{id}', () => {
  it('edits contact and address, keeps the primary attendee in step, refreshes search and audits before/after', async () => {
    const reg = await makeRegistration(t.db, { firstName: 'Old', lastName: 'Name' });
    const res = await t.api('PUT', `/api/registrations/${reg.id}`, {
      token: admin.token,
      body: {
        primary_first_name: 'Zéphyrine',
        primary_last_name: 'Quist',
        primary_phone: '+1 555 7777',
        city: 'Austin',
        state: 'TX',
        zip_code: '78701',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.registration).toMatchObject({
      primary_first_name: 'Zéphyrine',
      primary_last_name: 'Quist',
      city: 'Austin',
      zip_code: '78701',
    });
    const [primary] = await t.db
      .select()
      .from(attendees)
      .where(and(eq(attendees.registrationId, reg.id), eq(attendees.isPrimary, true)));
    expect(primary).toMatchObject({ firstName: 'Zéphyrine', lastName: 'Quist' });
    const found = await t.api('GET', '/api/registrations?search=zephyrine', { token: admin.token });
    expect(found.body.registrations.map((r: any) => r.id)).toEqual([reg.id]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(reg.id)), eq(auditLog.action, 'registration.update')));
    expect(entry.before).toMatchObject({ primary_first_name: 'Old', city: null });
    expect(entry.after).toMatchObject({ primary_first_name: 'Zéphyrine', city: 'Austin' });
  });

  it('applies the percentage first, then the fixed discount, and can remove the late fee', async () => {
    const reg = await makeRegistration(t.db, { attendees: [{ firstName: 'Kid', lastName: 'A', ageCategory: 'child' }] });
    // base 350 + 150 = 500, late fee 50 → 550
    const res = await t.api('PUT', `/api/registrations/${reg.id}`, {
      token: admin.token,
      body: { discount_percentage: 10, fixed_discount_amount: '25.50', remove_late_fee: true },
    });
    expect(res.status).toBe(200);
    // (500) × 0.9 = 450 − 25.50 = 424.50
    expect(res.body.registration).toMatchObject({
      base_amount: 500,
      late_fee_amount: 0,
      remove_late_fee: true,
      discount_percentage: 10,
      fixed_discount_amount: 25.5,
      total_amount: 424.5,
    });
  });

  it('waiving sets the total to 0, zeroes both discounts and marks it settled', async () => {
    const reg = await makeRegistration(t.db, { fees: { discountPercentage: 5 } });
    const res = await t.api('PUT', `/api/registrations/${reg.id}`, {
      token: admin.token,
      body: { waive_fees: true, fixed_discount_amount: 20 },
    });
    expect(res.body.registration).toMatchObject({
      waive_fees: true,
      total_amount: 0,
      discount_percentage: 0,
      fixed_discount_amount: 0,
      payment_status: 'paid',
    });
  });

  it('floors the total at zero and recomputes the payment status', async () => {
    const reg = await makeRegistration(t.db, { payments: [100] });
    expect(reg.paymentStatus).toBe('partial');
    const res = await t.api('PUT', `/api/registrations/${reg.id}`, { token: admin.token, body: { fixed_discount_amount: 1000 } });
    expect(res.body.registration).toMatchObject({ total_amount: 0, paid_amount: 100, payment_status: 'paid', refund_due: 100 });
  });

  it('refuses bad fee values with 400 and changes nothing', async () => {
    const reg = await makeRegistration(t.db);
    for (const [body, field, message] of [
      [{ discount_percentage: 101 }, 'discount_percentage', 'Discount must be between 0 and 100'],
      [{ discount_percentage: -1 }, 'discount_percentage', 'Discount must be between 0 and 100'],
      [{ fixed_discount_amount: -5 }, 'fixed_discount_amount', 'Fixed discount must be 0 or more'],
      [{ primary_phone: '' }, 'primary_phone', 'Phone number is required'],
      [{ primary_email: 'nope' }, 'primary_email', 'Invalid email'],
      [{ waive_fees: 'yes' }, 'waive_fees', 'waive_fees must be true or false'],
    ] as const) {
      const res = await t.api('PUT', `/api/registrations/${reg.id}`, { token: admin.token, body });
      expect(res.status).toBe(400);
      expect(res.body.fields[field]).toBe(message);
    }
    const [row] = await t.db.select().from(registrations).where(eq(registrations.id, reg.id));
    expect(row.totalAmountCents).toBe(reg.totalAmountCents);
    expect(row.updatedAt.getTime()).toBe(reg.updatedAt.getTime());
  });

  it("answers 404 'Registration not found' for an unknown id", async () => {
    const res = await t.api('PUT', '/api/registrations/987654', { token: admin.token, body: { city: 'X' } });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Registration not found');
  });
});

describe('cancel and reactivate', () => {
  it('needs a reason, keeps who and when, and refuses a second cancel', async () => {
    const reg = await makeRegistration(t.db);
    const empty = await t.api('POST', `/api/registrations/${reg.id}/cancel`, { token: admin.token, body: { reason: '  ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('Please provide a reason for cancellation');
    expect(empty.body.fields.reason).toBe('Please provide a reason for cancellation');
    // the page shows the sentence alone, in its banner: it names what is too long
    const long = await t.api('POST', `/api/registrations/${reg.id}/cancel`, { token: admin.token, body: { reason: 'x'.repeat(1001) } });
    expect([long.status, long.body.error]).toEqual([400, 'The reason must be at most 1000 characters']);
    const res = await t.api('POST', `/api/registrations/${reg.id}/cancel`, { token: admin.token, body: { reason: 'Family emergency' } });
    expect(res.status).toBe(200);
    expect(res.body.registration).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Family emergency',
      cancelled_by: `Test ${'admin'} 1`,
    });
    expect(res.body.registration.cancelled_at).toBeTruthy();
    const again = await t.api('POST', `/api/registrations/${reg.id}/cancel`, { token: admin.token, body: { reason: 'Twice' } });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('This registration is already cancelled');
  });

  it('a reason that is not valid text (a lone UTF-16 surrogate) is refused with a sentence, not a server error', async () => {
    const reg = await makeRegistration(t.db);
    const res = await t.api('POST', `/api/registrations/${reg.id}/cancel`, { token: admin.token, body: { reason: '\ud800' } });
    expect(res.status).toBe(400);
    expect(res.body.fields.reason).toBe('Must be valid text');
    const after = await t.api('GET', `/api/registrations/${reg.id}`, { token: admin.token });
    expect(after.body.registration.status).toBe('active');
  });

  it('reactivates only a cancelled registration, back to active, keeping the cancellation record', async () => {
    const reg = await makeRegistration(t.db);
    const notCancelled = await t.api('POST', `/api/registrations/${reg.id}/reactivate`, { token: admin.token });
    expect(notCancelled.status).toBe(409);
    expect(notCancelled.body.error).toBe('Only a cancelled registration can be reactivated');
    await t.api('POST', `/api/registrations/${reg.id}/cancel`, { token: admin.token, body: { reason: 'Duplicate' } });
    const res = await t.api('POST', `/api/registrations/${reg.registrationNumber}/reactivate`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.registration).toMatchObject({ status: 'active', cancel_reason: 'Duplicate' });
    const history = await t.api('GET', `/api/registrations/${reg.id}/history`, { token: admin.token });
    expect(history.body.history.map((h: any) => h.action).slice(0, 2)).toEqual(['registration.reactivate', 'registration.cancel']);
  });

  it('confirms a pending or waitlisted registration (active, in its history); anything else is 409 and unchanged', async () => {
    for (const status of ['pending', 'waitlist'] as const) {
      const reg = await makeRegistration(t.db, { status });
      const res = await t.api('POST', `/api/registrations/${reg.registrationNumber}/confirm`, { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Registration confirmed');
      expect(res.body.registration.status).toBe('active');
      const [row] = await t.db.select().from(registrations).where(eq(registrations.id, reg.id));
      expect(row.status).toBe('active');
      const history = await t.api('GET', `/api/registrations/${reg.id}/history`, { token: admin.token });
      expect(history.body.history[0]).toMatchObject({ action: 'registration.confirm', before: { status }, after: { status: 'active' } });
    }
    for (const status of ['active', 'cancelled'] as const) {
      const reg = await makeRegistration(t.db, { status });
      const res = await t.api('POST', `/api/registrations/${reg.id}/confirm`, { token: admin.token });
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('Only a pending or waitlisted registration can be confirmed');
      const [row] = await t.db.select().from(registrations).where(eq(registrations.id, reg.id));
      expect(row.status).toBe(status);
    }
  });

  it('a registration cancelled, refunded and then reactivated owes its total again: pending, not refunded', async () => {
    const reg = await makeRegistration(t.db, { payments: [400] });
    await t.api('POST', `/api/registrations/${reg.id}/cancel`, { token: admin.token, body: { reason: 'Could not come' } });
    const refund = await t.api('POST', `/api/registrations/${reg.id}/payments`, {
      token: admin.token,
      body: { amount: -400, method: 'check' },
    });
    expect(refund.body.registration.payment_status).toBe('refunded');
    const res = await t.api('POST', `/api/registrations/${reg.id}/reactivate`, { token: admin.token });
    expect(res.body.registration).toMatchObject({ status: 'active', paid_amount: 0, payment_status: 'pending' });
    const pending = await t.api('GET', `/api/registrations?payment_status=pending&search=${reg.registrationNumber}`, {
      token: admin.token,
    });
    expect(pending.body.registrations.map((r: any) => r.id)).toEqual([reg.id]);
    // paid again and refunded again in this life: refunded
    await t.api('POST', `/api/registrations/${reg.id}/payments`, { token: admin.token, body: { amount: 100, method: 'cash' } });
    const again = await t.api('POST', `/api/registrations/${reg.id}/payments`, {
      token: admin.token,
      body: { amount: -100, method: 'cash' },
    });
    expect(again.body.registration.payment_status).toBe('refunded');
  });

  it('answers 404 for an unknown registration', async () => {
    const res = await t.api('POST', '/api/registrations/R25-ZZZZZZ/cancel', { token: admin.token, body: { reason: 'x' } });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Registration not found');
  });
});
