/** The Users screen: an admin adds a greeter, the greeter signs in; disabling signs them out at once. */
import { describe, expect, it } from 'vitest';
import { adminToken, api, createStaffUser, newPage, setupBrowser, signInAs } from './helpers/playwright-utils';

setupBrowser();

describe('users admin screen', () => {
  it('adds a greeter who can sign in, then disables them, which ends their session', async () => {
    const { page: adminPage } = await signInAs('admin', { path: '/admin/users' });
    await adminPage.getByRole('heading', { name: 'Add User' }).waitFor();
    const email = `greeter-ui-${Date.now()}@reunion.test`;

    await adminPage.getByRole('button', { name: 'Add User' }).click();
    await adminPage.getByText('First name is required').waitFor();

    await adminPage.getByLabel('First Name').fill('Grace');
    await adminPage.getByLabel('Last Name').fill('Hopper');
    await adminPage.getByLabel('Email').fill(email);
    await adminPage.getByLabel('Role').selectOption('greeter');
    await adminPage.getByLabel('Password', { exact: true }).fill('greet-me-123');
    await adminPage.getByRole('button', { name: 'Add User' }).click();
    await adminPage.getByText('Grace Hopper can now sign in as a greeter.').waitFor();
    await adminPage.getByRole('cell', { name: email, exact: true }).waitFor();
    // the same email again: refused, and the email box is the one marked
    await adminPage.getByLabel('First Name').fill('Grace');
    await adminPage.getByLabel('Last Name').fill('Again');
    await adminPage.getByLabel('Email').fill(email);
    await adminPage.getByLabel('Password', { exact: true }).fill('greet-me-123');
    await adminPage.getByRole('button', { name: 'Add User' }).click();
    await adminPage.getByText('A user with this email already exists').first().waitFor();
    await expect.poll(() => adminPage.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    await adminPage.getByText('This email already belongs to a user').waitFor();

    const greeter = await newPage();
    await greeter.goto('/login');
    await greeter.getByLabel('Email').fill(email);
    await greeter.getByLabel('Password').fill('greet-me-123');
    await greeter.getByRole('button', { name: 'Sign in' }).click();
    await greeter.waitForURL(/\/admin\/flight-arrivals$/);

    await adminPage.getByRole('button', { name: `Disable ${email}` }).click();
    const dialog = adminPage.getByRole('dialog');
    await dialog.getByText('They are signed out at once').waitFor();
    await dialog.getByRole('button', { name: 'Disable' }).click();
    await adminPage.getByText(`${email} is now disabled.`).waitFor();

    await greeter.reload();
    await greeter.waitForURL(/\/login$/);
    await greeter.getByLabel('Email').fill(email);
    await greeter.getByLabel('Password').fill('greet-me-123');
    await greeter.getByRole('button', { name: 'Sign in' }).click();
    await greeter.getByText('This account is disabled. Ask an organiser to enable it on the Users page.').waitFor();
    expect(greeter.url()).toMatch(/\/login$/);
  });

  it('changes a greeter into check-in staff after a confirmation; Cancel leaves the role as it was', async () => {
    const { page } = await signInAs('admin', { path: '/admin/users' });
    const { email, user } = await createStaffUser('greeter');
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: email });
    const dialog = page.getByRole('dialog', { name: 'Change Role' });
    await row.getByRole('button', { name: 'Change Role' }).click();
    await dialog.getByText(`(${email}) may do, now a greeter.`, { exact: false }).waitFor();
    await dialog.getByLabel('New Role').selectOption('checkin');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const roleOnServer = async () =>
      (await api('GET', '/users?limit=100', { token: await adminToken() })).body.users.find((u: { id: number }) => u.id === user.id).role;
    expect(await roleOnServer()).toBe('greeter');
    // opened again, the dialog starts from the role as it is
    await row.getByRole('button', { name: 'Change Role' }).click();
    expect(await dialog.getByLabel('New Role').inputValue()).toBe('greeter');
    await dialog.getByLabel('New Role').selectOption('checkin');
    await dialog.getByRole('button', { name: 'Change Role' }).click();
    await page.getByText(`${email} is now check-in staff.`).waitFor();
    await row.getByRole('cell', { name: 'Check-in staff', exact: true }).waitFor();
    expect(await roleOnServer()).toBe('checkin');
  });

  it('offline, says changes need a connection and disables Add User, Reset Password and Disable', async () => {
    const { page } = await signInAs('admin', { path: '/admin/users' });
    await page.getByRole('heading', { name: 'Staff Accounts' }).waitFor();
    await page
      .getByRole('button', { name: /^Disable / })
      .first()
      .waitFor();
    await page.context().setOffline(true);
    await page.getByText('You are offline. Changes need a connection', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Add User' }).isDisabled()).toBe(true);
    expect(
      await page
        .getByRole('button', { name: /^Disable / })
        .first()
        .isDisabled(),
    ).toBe(true);
    expect(
      await page
        .getByRole('button', { name: /^Reset password for / })
        .first()
        .isDisabled(),
    ).toBe(true);
    await page.context().setOffline(false);
    await expect.poll(() => page.getByRole('button', { name: 'Add User' }).isDisabled()).toBe(false);
    // a confirmation opened before the signal went waits for it, saying why
    await page
      .getByRole('button', { name: /^Disable / })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await page.context().setOffline(true);
    await dialog.getByText('You are offline. Changes need a connection', { exact: false }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Disable' }).isDisabled()).toBe(true);
    await page.context().setOffline(false);
    await expect.poll(() => dialog.getByRole('button', { name: 'Disable' }).isDisabled()).toBe(false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // Profile's Change Password too
    await page.goto('/admin/profile');
    await page.getByRole('button', { name: 'Update Password' }).waitFor();
    await page.context().setOffline(true);
    await page.getByText('You are offline. Changes need a connection', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Update Password' }).isDisabled()).toBe(true);
    await page.context().setOffline(false);
  });

  it("resets another user's password", async () => {
    const { page } = await signInAs('admin', { path: '/admin/users' });
    const { email } = await signInAs('greeter'); // another account to reset
    await page.reload();
    await page.getByRole('button', { name: `Reset password for ${email}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('New Password').fill('123');
    await dialog.getByRole('button', { name: 'Reset Password' }).click();
    await dialog.getByText('Password must be at least 6 characters').waitFor();
    await dialog.getByLabel('New Password').fill('fresh-pass-1');
    await dialog.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText(`The password for ${email} was reset.`).waitFor();

    const res = await fetch(`${new URL(page.url()).origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'fresh-pass-1', turnstileToken: 'none' }),
    });
    expect(res.status).toBe(200);
  });
});
