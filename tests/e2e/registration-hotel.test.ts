/**
 * Unlinking a hotel booking from the registration page : the admin sees the linked booking in
 * the hotel block, confirms 'Unlink', and the block empties while the booking goes back to unmatched.
 */
import { describe, expect, it } from 'vitest';
import { api, setupBrowser, signInAs } from './helpers/playwright-utils';
import { bookingByConfirmation, createFamily, importRoomingCsv, seedToken, serverRegistration, uniqueWord } from './helpers/staff-data';

setupBrowser();

// arriving on the check-in day, so the block shows no mismatch warning
const ARRIVAL = { flightNumber: 'UA 1', flightDate: '2025-11-26', flightTime: '14:00' };

describe('hotel block on the registration page', () => {
  it('lets an admin unlink a linked booking after confirming', async () => {
    const last = uniqueWord();
    const family = await createFamily({ firstName: 'Hotelia', lastName: last, flight: ARRIVAL });
    const confirmation = `UL${uniqueWord(8).toUpperCase()}`;
    await importRoomingCsv(
      `Guest Name,Confirmation Number,Room Number,Check-in,Check-out\n"${last}, Hotelia",${confirmation},512,2025-11-26,2025-11-30\n`,
    );
    const booking = await bookingByConfirmation(confirmation);
    expect(booking).toBeDefined();
    const matched = await api('POST', `/hotel-assignments/${booking!.id}/match`, {
      token: await seedToken(),
      body: { registrationId: family.registrationId },
    });
    expect(matched.status).toBe(200);

    const { page } = await signInAs('admin', { path: `/registration/${family.registrationNumber}` });
    const unlink = page.getByRole('button', { name: `Unlink hotel booking ${confirmation}` });
    await unlink.waitFor();
    // the number is said once on the page: the hotel block's
    expect(await page.getByText(confirmation).count()).toBe(1);
    let asked = '';
    page.once('dialog', (d) => {
      asked = d.message();
      void d.accept();
    });
    await unlink.click();
    await page.getByText('No hotel booking is linked to this registration yet.').waitFor();
    expect(asked).toBe(`Unlink hotel booking ${confirmation} from this registration?`);
    expect((await bookingByConfirmation(confirmation))!.registration_id).toBeNull();
    expect((await serverRegistration(family.registrationId)).hotel_confirmation_number).toBeNull();
  });

  it('says so, and unlinks nothing, when another admin linked the booking elsewhere while the confirmation was open', async () => {
    const last = uniqueWord();
    const family = await createFamily({ firstName: 'Carla', lastName: last, flight: ARRIVAL });
    const other = await createFamily({ firstName: 'Yuki', lastName: last, flight: ARRIVAL });
    const confirmation = `RL${uniqueWord(8).toUpperCase()}`;
    await importRoomingCsv(`Guest Name,Confirmation Number,Check-in,Check-out\n"${last}, Carla",${confirmation},2025-11-26,2025-11-30\n`);
    const booking = await bookingByConfirmation(confirmation);
    const token = await seedToken();
    await api('POST', `/hotel-assignments/${booking!.id}/match`, { token, body: { registrationId: family.registrationId } });

    const { page } = await signInAs('admin', { path: `/registration/${family.registrationNumber}` });
    const unlink = page.getByRole('button', { name: `Unlink hotel booking ${confirmation}` });
    await unlink.waitFor();
    page.once('dialog', async (d) => {
      // meanwhile, another admin: unlinked here, linked to the other family
      await api('POST', `/hotel-assignments/${booking!.id}/unmatch`, { token });
      await api('POST', `/hotel-assignments/${booking!.id}/match`, { token, body: { registrationId: other.registrationId } });
      await d.accept();
    });
    await unlink.click();
    await page
      .getByText(`This hotel booking was linked to another registration meanwhile (${other.registrationNumber}): nothing was unlinked`)
      .waitFor();
    expect((await bookingByConfirmation(confirmation))!.registration_id).toBe(other.registrationId);
    expect((await serverRegistration(other.registrationId)).hotel_confirmation_number).toBe(confirmation);
  });

  it('does nothing when the admin declines', async () => {
    const last = uniqueWord();
    const family = await createFamily({ firstName: 'Staying', lastName: last, flight: ARRIVAL });
    const confirmation = `KP${uniqueWord(8).toUpperCase()}`;
    await importRoomingCsv(`Guest Name,Confirmation Number,Check-in,Check-out\n"${last}, Staying",${confirmation},2025-11-26,2025-11-30\n`);
    const booking = await bookingByConfirmation(confirmation);
    await api('POST', `/hotel-assignments/${booking!.id}/match`, {
      token: await seedToken(),
      body: { registrationId: family.registrationId },
    });

    const { page } = await signInAs('admin', { path: `/registration/${family.registrationNumber}` });
    const unlink = page.getByRole('button', { name: `Unlink hotel booking ${confirmation}` });
    await unlink.waitFor();
    page.once('dialog', (d) => void d.dismiss());
    await unlink.click();
    await page.waitForTimeout(500);
    expect((await bookingByConfirmation(confirmation))!.registration_id).toBe(family.registrationId);
    await expect.poll(() => unlink.isVisible()).toBe(true);
  });
});
