import { describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { createTestApp } from '../helpers/app';
import { makeRegistration } from '../helpers/factories';
import { attendees, auditLog, registrations } from '../../server/db/schema';

const t = await createTestApp();
const admin = await t.makeUser('admin');
const greeter = await t.makeUser('greeter');

const spouse = { first_name: 'Marta', last_name: 'Silva', relationship: 'spouse', age_category: 'adult' };
const others = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ firstName: `Member${i}`, lastName: 'Big', ageCategory: 'adult' as const }));
const activeCount = async (registrationId: number) =>
  (
    await t.db
      .select()
      .from(attendees)
      .where(and(eq(attendees.registrationId, registrationId), isNull(attendees.removedAt)))
  ).length;

describe('POST /api/registrations/{id}/attendees', () => {
  it('adds an attendee with every dialog field; totals follow and the change is audited', async () => {
    const reg = await makeRegistration(t.db);
    const res = await t.api('POST', `/api/registrations/${reg.id}/attendees`, {
      token: admin.token,
      body: { ...spouse, age: '41', gender: 'female', dietary_restrictions: 'No nuts' },
    });
    expect(res.status).toBe(201);
    expect(res.body.attendee).toMatchObject({
      first_name: 'Marta',
      last_name: 'Silva',
      relationship: 'spouse',
      relationship_other: null,
      age_category: 'adult',
      age: 41,
      gender: 'female',
      dietary_restrictions: 'No nuts',
      is_primary: false,
    });
    // a create answers the created object at the top level too
    expect(res.body).toMatchObject({ id: res.body.attendee.id, first_name: 'Marta', last_name: 'Silva' });
    // 350 + 350 + late fee 50
    expect(res.body.registration).toMatchObject({ base_amount: 700, total_amount: 750, attendee_count: 2 });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'attendee'), eq(auditLog.entityId, String(res.body.attendee.id))));
    expect(entry.action).toBe('attendee.add');
    expect(entry.actor).toBe(admin.email);
  });

  it('uses the docs/product.md#messages sentences and writes nothing', async () => {
    const reg = await makeRegistration(t.db);
    const empty = await t.api('POST', `/api/registrations/${reg.id}/attendees`, { token: admin.token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toMatchObject({
      first_name: 'First name is required',
      last_name: 'Last name is required',
      relationship: 'Relationship is required',
      age_category: 'Age category is required',
    });
    const other = await t.api('POST', `/api/registrations/${reg.id}/attendees`, {
      token: admin.token,
      body: { ...spouse, relationship: 'other', relationship_other: '' },
    });
    expect(other.status).toBe(400);
    expect(other.body.error).toBe('Please specify the relationship');
    expect(other.body.fields).toEqual({ relationship_other: 'Please specify the relationship' });
    // an age with a fraction beside it: both sentences, as with an age out of range
    const both = await t.api('POST', `/api/registrations/${reg.id}/attendees`, {
      token: admin.token,
      body: { ...spouse, relationship: 'other', relationship_other: '', age: 2.5 },
    });
    expect(both.body.fields).toEqual({
      age: 'Age must be a whole number from 0 to 120',
      relationship_other: 'Please specify the relationship',
    });
    for (const [body, field, message] of [
      [{ ...spouse, relationship: 'cousin' }, 'relationship', 'Relationship is required'],
      [{ ...spouse, age: 121 }, 'age', 'Age must be a whole number from 0 to 120'],
      [{ ...spouse, age: 4.5 }, 'age', 'Age must be a whole number from 0 to 120'],
      [{ ...spouse, age: -1 }, 'age', 'Age must be a whole number from 0 to 120'],
      [{ ...spouse, gender: 'unknown' }, 'gender', 'Gender must be male, female, other or prefer_not_to_say'],
      [{ ...spouse, age_category: 'senior' }, 'age_category', 'Age category is required'],
    ] as const) {
      const res = await t.api('POST', `/api/registrations/${reg.id}/attendees`, { token: admin.token, body });
      expect(res.status).toBe(400);
      expect(res.body.fields[field]).toBe(message);
    }
    expect(await activeCount(reg.id)).toBe(1);
  });

  it("keeps relationship_other for 'other' and accepts age 0 and an empty gender", async () => {
    const reg = await makeRegistration(t.db);
    const res = await t.api('POST', `/api/registrations/${reg.id}/attendees`, {
      token: admin.token,
      body: {
        first_name: 'Baby',
        last_name: 'Silva',
        relationship: 'other',
        relationship_other: 'Godchild',
        age_category: 'child',
        age: 0,
        gender: '',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.attendee).toMatchObject({ relationship: 'other', relationship_other: 'Godchild', age: 0, gender: null });
  });

  it('refuses the tenth attendee with 422', async () => {
    const reg = await makeRegistration(t.db, { attendees: others(8) });
    const res = await t.api('POST', `/api/registrations/${reg.id}/attendees`, { token: admin.token, body: spouse });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('A registration can have at most 9 attendees');
    expect(await activeCount(reg.id)).toBe(9);
  });

  it('lets only one of concurrent adds take the ninth place', async () => {
    // several rounds of simultaneous requests: without the row lock some round ends with 10 attendees
    for (let round = 0; round < 4; round++) {
      const reg = await makeRegistration(t.db, { attendees: others(7) });
      const answers = await Promise.all(
        ['First', 'Second', 'Third'].map((first_name) =>
          t.api('POST', `/api/registrations/${reg.id}/attendees`, { token: admin.token, body: { ...spouse, first_name } }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422]);
      expect(await activeCount(reg.id)).toBe(9);
      const [row] = await t.db.select().from(registrations).where(eq(registrations.id, reg.id));
      expect(row.baseAmountCents).toBe(9 * 35000);
    }
  });

  it('is refused on a registration that is not active', async () => {
    for (const status of ['cancelled', 'pending', 'waitlist'] as const) {
      const reg = await makeRegistration(t.db, { status });
      const res = await t.api('POST', `/api/registrations/${reg.id}/attendees`, { token: admin.token, body: spouse });
      expect(res.status).toBe(422);
      expect(res.body.error).toBe('Attendees can only be changed on an active registration');
    }
  });

  it('answers 404 for an unknown registration and is for admins only', async () => {
    const missing = await t.api('POST', '/api/registrations/888888/attendees', { token: admin.token, body: spouse });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Registration not found');
    const reg = await makeRegistration(t.db);
    expect((await t.api('POST', `/api/registrations/${reg.id}/attendees`, { token: greeter.token, body: spouse })).status).toBe(403);
    expect((await t.api('POST', `/api/registrations/${reg.id}/attendees`, { body: spouse })).status).toBe(401);
  });
});

describe('PUT /api/registrations/{id}/attendees/{attendeeId}', () => {
  it('changes an attendee; a new age category reprices the registration', async () => {
    const reg = await makeRegistration(t.db, {
      attendees: [{ firstName: 'Leo', lastName: 'Silva', ageCategory: 'adult', relationship: 'child' }],
    });
    const leo = reg.attendees.find((a) => a.first_name === 'Leo')!;
    const res = await t.api('PUT', `/api/registrations/${reg.id}/attendees/${leo.id}`, {
      token: admin.token,
      body: { age_category: 'youth', age: 15 },
    });
    expect(res.status).toBe(200);
    expect(res.body.attendee).toMatchObject({ first_name: 'Leo', relationship: 'child', age_category: 'youth', age: 15 });
    expect(res.body.registration).toMatchObject({ base_amount: 550, total_amount: 600 });
  });

  it("needs relationship_other when the relationship becomes 'other'", async () => {
    const reg = await makeRegistration(t.db, { attendees: [{ firstName: 'Leo', lastName: 'Silva', relationship: 'child' }] });
    const leo = reg.attendees.find((a) => a.first_name === 'Leo')!;
    const res = await t.api('PUT', `/api/registrations/${reg.id}/attendees/${leo.id}`, {
      token: admin.token,
      body: { relationship: 'other' },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.relationship_other).toBe('Please specify the relationship');
  });

  it("keeps the registration's primary name in step when the primary attendee is renamed", async () => {
    const reg = await makeRegistration(t.db, { firstName: 'Ana', lastName: 'Silva' });
    const primary = reg.attendees.find((a) => a.is_primary)!;
    const res = await t.api('PUT', `/api/registrations/${reg.id}/attendees/${primary.id}`, {
      token: admin.token,
      body: { first_name: 'Anabela', age_category: 'youth' },
    });
    expect(res.status).toBe(200);
    expect(res.body.registration).toMatchObject({ primary_first_name: 'Anabela', primary_age_category: 'youth', base_amount: 200 });
    const bad = await t.api('PUT', `/api/registrations/${reg.id}/attendees/${primary.id}`, {
      token: admin.token,
      body: { relationship: 'spouse' },
    });
    expect(bad.status).toBe(422);
  });

  it('answers 404 for an attendee of another registration or an unknown one', async () => {
    const a = await makeRegistration(t.db);
    const b = await makeRegistration(t.db, { attendees: [{ firstName: 'Other', lastName: 'Family' }] });
    const theirs = b.attendees.find((x) => !x.is_primary)!;
    // an id that cannot be one (a word, past the column's range) names nothing either
    for (const id of [theirs.id, 999999, 'abc', '99999999999999']) {
      const res = await t.api('PUT', `/api/registrations/${a.id}/attendees/${id}`, { token: admin.token, body: { first_name: 'X' } });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Attendee not found');
    }
  });
});

describe("an attendee's cultural programs", () => {
  const programs = (a: { cultural_programs: { program_type: string }[] }) => a.cultural_programs.map((p) => p.program_type);

  it('are taken on add, kept when an update leaves them out, replaced when it sends them, and shown on the registration', async () => {
    const reg = await makeRegistration(t.db);
    const added = await t.api('POST', `/api/registrations/${reg.id}/attendees`, {
      token: admin.token,
      body: { ...spouse, cultural_programs: [{ program_type: 'singing' }, { program_type: 'Dancing' }, { program_type: 'singing ' }] },
    });
    expect(added.status).toBe(201);
    expect(programs(added.body.attendee)).toEqual(['singing', 'Dancing']); // each named once
    expect(added.body.attendee.cultural_programs[0].id).toEqual(expect.any(Number));
    const id = added.body.attendee.id;

    const renamed = await t.api('PUT', `/api/registrations/${reg.id}/attendees/${id}`, {
      token: admin.token,
      body: { first_name: 'Marta Luísa' },
    });
    expect(programs(renamed.body.attendee)).toEqual(['singing', 'Dancing']);
    const replaced = await t.api('PUT', `/api/registrations/${reg.id}/attendees/${id}`, {
      token: admin.token,
      body: { cultural_programs: [{ program_type: 'skits' }] },
    });
    expect(programs(replaced.body.attendee)).toEqual(['skits']);
    const detail = await t.api('GET', `/api/registrations/${reg.id}`, { token: admin.token });
    expect(programs(detail.body.attendees.find((a: { id: number }) => a.id === id))).toEqual(['skits']);
    const cleared = await t.api('PUT', `/api/registrations/${reg.id}/attendees/${id}`, {
      token: admin.token,
      body: { cultural_programs: [] },
    });
    expect(cleared.body.attendee.cultural_programs).toEqual([]);
  });

  it('are refused, with nothing written, when they are not a list of named programs', async () => {
    const reg = await makeRegistration(t.db);
    for (const cultural_programs of [
      'singing',
      [{ program_type: '' }],
      [{}],
      Array.from({ length: 11 }, (_, i) => ({ program_type: `p${i}` })),
    ]) {
      const res = await t.api('POST', `/api/registrations/${reg.id}/attendees`, {
        token: admin.token,
        body: { ...spouse, cultural_programs },
      });
      expect(res.status, JSON.stringify(cultural_programs)).toBe(400);
      expect(res.body.fields).toHaveProperty(Object.keys(res.body.fields).find((k) => k.startsWith('cultural_programs'))!);
    }
    expect(await activeCount(reg.id)).toBe(1);
  });

  it('are taken for each group member of a created registration', async () => {
    const res = await t.api('POST', '/api/registrations', {
      token: admin.token,
      body: {
        primary_email: 'programs@test.example',
        primary_phone: '+1 555 0100',
        primary_first_name: 'Ana',
        primary_last_name: 'Programs',
        primary_age_category: 'adult',
        attendees: [
          {
            first_name: 'Ana',
            last_name: 'Programs',
            relationship: 'self',
            age_category: 'adult',
            cultural_programs: [{ program_type: 'dancing' }],
          },
          {
            first_name: 'Leo',
            last_name: 'Programs',
            relationship: 'child',
            age_category: 'child',
            cultural_programs: [{ program_type: 'skits' }],
          },
          { first_name: 'Mia', last_name: 'Programs', relationship: 'child', age_category: 'child' },
        ],
      },
    });
    expect(res.status).toBe(201);
    const detail = await t.api('GET', `/api/registrations/${res.body.registration.id}`, { token: admin.token });
    expect(
      detail.body.attendees.map((a: { first_name: string; cultural_programs: { program_type: string }[] }) => [a.first_name, programs(a)]),
    ).toEqual([
      ['Ana', ['dancing']],
      ['Leo', ['skits']],
      ['Mia', []],
    ]);
  });
});

describe('DELETE /api/registrations/{id}/attendees/{attendeeId}', () => {
  it('soft-deletes with 204; totals follow; the row stays with removed_at', async () => {
    const reg = await makeRegistration(t.db, { attendees: [{ firstName: 'Kid', lastName: 'Silva', ageCategory: 'child' }] });
    const kid = reg.attendees.find((a) => a.first_name === 'Kid')!;
    const res = await t.api('DELETE', `/api/registrations/${reg.id}/attendees/${kid.id}`, { token: admin.token });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const [row] = await t.db.select().from(attendees).where(eq(attendees.id, kid.id));
    expect(row.removedAt).not.toBeNull();
    const detail = await t.api('GET', `/api/registrations/${reg.id}`, { token: admin.token });
    expect(detail.body.registration).toMatchObject({ base_amount: 350, total_amount: 400, attendee_count: 1 });
    const again = await t.api('DELETE', `/api/registrations/${reg.id}/attendees/${kid.id}`, { token: admin.token });
    expect(again.status).toBe(404);
    const history = await t.api('GET', `/api/registrations/${reg.id}/history`, { token: admin.token });
    expect(history.body.history[0]).toMatchObject({ action: 'attendee.remove', entity_type: 'attendee', entity_id: String(kid.id) });
  });

  it('never removes the primary contact', async () => {
    const reg = await makeRegistration(t.db);
    const primary = reg.attendees.find((a) => a.is_primary)!;
    const res = await t.api('DELETE', `/api/registrations/${reg.id}/attendees/${primary.id}`, { token: admin.token });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('The primary contact cannot be removed');
    expect(await activeCount(reg.id)).toBe(1);
  });

  it('is refused on a cancelled registration', async () => {
    const reg = await makeRegistration(t.db, { status: 'cancelled', attendees: [{ firstName: 'Kid', lastName: 'X' }] });
    const kid = reg.attendees.find((a) => !a.is_primary)!;
    const res = await t.api('DELETE', `/api/registrations/${reg.id}/attendees/${kid.id}`, { token: admin.token });
    expect(res.status).toBe(422);
  });

  it('a removed place can be filled again up to 9', async () => {
    const reg = await makeRegistration(t.db, { attendees: others(8) });
    const one = reg.attendees.find((a) => !a.is_primary)!;
    expect((await t.api('DELETE', `/api/registrations/${reg.id}/attendees/${one.id}`, { token: admin.token })).status).toBe(204);
    expect((await t.api('POST', `/api/registrations/${reg.id}/attendees`, { token: admin.token, body: spouse })).status).toBe(201);
    expect((await t.api('POST', `/api/registrations/${reg.id}/attendees`, { token: admin.token, body: spouse })).status).toBe(422);
  });
});
