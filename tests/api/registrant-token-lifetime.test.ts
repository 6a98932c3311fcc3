/**
 * A registrant token lives only as long as what it was issued for: it dies when the visitor signs out,
 * when the registration's email changes (it proved the old address only) and when the registration is
 * cancelled, and it stays dead if the registration is reactivated.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { makeRegistration } from '../helpers/factories';
import { issueRegistrantToken } from '../../server/services/registrants/registrant-tokens';

const t = await createTestApp();
const admin = await t.makeUser('admin');

const flight = {
  flightType: 'arrival',
  airline: 'United Airlines',
  flightNumber: 'UA 512',
  flightDate: '2025-11-27',
  flightTime: '14:30',
  airport: 'IAH',
  adultsCount: 1,
};

async function verified() {
  const reg = await makeRegistration(t.db);
  const { registrantToken } = await issueRegistrantToken(t.db, reg.id, reg.primaryEmail);
  const read = () => t.api('GET', `/api/registrations/${reg.registrationNumber}`, { registrantToken });
  expect((await read()).status).toBe(200);
  return { reg, registrantToken, read };
}

describe('registrant token lifetime', () => {
  it("dies when an admin changes the registration's email: the new address is not read", async () => {
    const { reg, read } = await verified();
    const changed = await t.api('PUT', `/api/registrations/${reg.id}`, {
      token: admin.token,
      body: { primary_email: `moved-${reg.id}@test.example` },
    });
    expect(changed.status).toBe(200);
    const res = await read();
    expect(res.status).toBe(401);
    expect(res.text).not.toContain(`moved-${reg.id}@test.example`);
  });

  it('survives an edit that keeps the email (any case)', async () => {
    const { reg, read } = await verified();
    const edited = await t.api('PUT', `/api/registrations/${reg.id}`, {
      token: admin.token,
      body: { primary_email: reg.primaryEmail.toUpperCase(), city: 'Conroe' },
    });
    expect(edited.status).toBe(200);
    expect((await read()).status).toBe(200);
  });

  it('dies when the registration is cancelled: no more flight writes and no mail; reactivating does not revive it', async () => {
    const { reg, registrantToken, read } = await verified();
    expect(
      (await t.api('POST', `/api/registrations/${reg.id}/cancel`, { token: admin.token, body: { reason: 'Plans changed' } })).status,
    ).toBe(200);
    const mailsBefore = t.mail.length;
    const write = await t.api('POST', '/api/flight-info/submit-verified', {
      registrantToken,
      body: { registrationId: reg.id, needsTransportation: true, flights: [flight] },
    });
    expect(write.status).toBe(401);
    expect(t.mail.length).toBe(mailsBefore);
    expect((await read()).status).toBe(401);
    expect((await t.api('POST', `/api/registrations/${reg.id}/reactivate`, { token: admin.token })).status).toBe(200);
    expect((await read()).status).toBe(401);
  });

  it("the visitor's Sign out ends the token on the server", async () => {
    const { registrantToken, read } = await verified();
    const out = await t.api('POST', '/api/registrations/sign-out', { registrantToken });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: 'Signed out' });
    expect((await read()).status).toBe(401);
    expect((await t.api('POST', '/api/registrations/sign-out', { registrantToken })).status).toBe(401);
  });
});
