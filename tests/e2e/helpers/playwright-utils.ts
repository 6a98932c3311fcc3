/**
 * Shared browser-test fixtures (after epic-stack's tests/playwright-utils.ts): a Chromium per test file,
 * a fresh context (own storage, own service worker) per page, "signed in as admin/greeter" with a new
 * account each time so tests never share state, going offline, and reading the mail the server wrote.
 *
 *   setupBrowser();                                  // once, at the top of a test file
 *   const page = await newPage();
 *   const { page, email, password } = await signInAs('greeter');
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import type { Role } from '../../../shared/constants';
import type { LoginResponse, User } from '../../../shared/schemas/auth';
import type { E2EServer } from '../global-setup';

/** Flags from docs/decisions.md; Playwright adds --headless and its own fresh --user-data-dir. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let serverOverride: E2EServer | null = null;
/** The server under test: the suite's (global-setup.ts), or the one `useServer` chose for this file. */
export const server = (): E2EServer => serverOverride ?? inject('e2e');
/** Points this file's helpers (API calls, new pages, accounts, seeding) at another server; null: back. */
export function useServer(target: E2EServer | null): void {
  serverOverride = target;
}
/** An absolute URL on the server under test. */
export const url = (p: string) => `${server().baseUrl}${p}`;

let browser: Browser | null = null;
const contexts: BrowserContext[] = [];

/**
 * Launches Chromium for this file, closes each test's contexts after it, and the browser at the end.
 * `extraArgs` is read when the browser starts (after the file's earlier beforeAll hooks), e.g. a fake
 * camera showing a file those hooks wrote.
 */
export function setupBrowser(extraArgs: () => string[] = () => []) {
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: [...CHROMIUM_ARGS, ...extraArgs()] });
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => {})));
  });
  afterAll(async () => {
    await browser?.close();
    browser = null;
  });
}

/** A page in a brand-new browser context (empty storage, no service worker yet). */
export async function newPage(
  options: { viewport?: { width: number; height: number }; baseUrl?: string; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<Page> {
  if (!browser) throw new Error('call setupBrowser() at the top of the test file');
  const context = await browser.newContext({
    baseURL: options.baseUrl ?? server().baseUrl,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    // 'block' when a test intercepts the app's own files: a service worker would fetch them past page.route
    serviceWorkers: options.serviceWorkers ?? 'allow',
  });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (e) => console.error(`[browser] ${e.message}`));
  return page;
}

export interface ApiAnswer<T = any> {
  status: number;
  body: T;
}

/** Calls the API from the test process (not the browser). */
export async function api<T = any>(method: string, p: string, opts: { token?: string; body?: unknown } = {}): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(url(`/api${p}`), { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await res.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body };
}

/** Signs in through the API and returns the token (throws with the server's answer otherwise). */
export async function apiLogin(email: string, password: string): Promise<string> {
  const res = await api<LoginResponse>('POST', '/auth/login', { body: { email, password, turnstileToken: 'none' } });
  if (res.status !== 200) throw new Error(`login as ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

const bootstrapTokens = new Map<string, Promise<string>>();
/** A session of the ADMIN_EMAIL admin the server was started with, per server (only used to create accounts and seed). */
export function adminToken(): Promise<string> {
  const { baseUrl, adminEmail, adminPassword } = server();
  if (!bootstrapTokens.has(baseUrl)) bootstrapTokens.set(baseUrl, apiLogin(adminEmail, adminPassword));
  return bootstrapTokens.get(baseUrl)!;
}

export interface StaffAccount {
  user: User;
  email: string;
  password: string;
}

/** Creates a new staff account through POST /api/users with the admin's token. */
export async function createStaffUser(
  role: Role,
  overrides: Partial<{ first_name: string; last_name: string }> = {},
): Promise<StaffAccount> {
  const suffix = randomBytes(4).toString('hex');
  const email = `${role}-${suffix}@reunion.test`;
  const password = `Pw-${randomBytes(6).toString('hex')}`;
  const body = {
    email,
    password,
    role,
    first_name: overrides.first_name ?? (role === 'admin' ? 'Ada' : 'Gus'),
    last_name: overrides.last_name ?? `Tester${suffix}`,
  };
  const res = await api<{ user: User }>('POST', '/users', { token: await adminToken(), body });
  if (res.status !== 201) throw new Error(`creating a ${role} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { user: res.body.user, email, password };
}

/**
 * A page signed in as a NEW admin or greeter (own account, so tests stay independent): the token goes
 * into localStorage like a real sign-in, then the app opens at `path` (default '/').
 */
export async function signInAs(
  role: Role,
  opts: { page?: Page; path?: string; names?: Partial<{ first_name: string; last_name: string }> } = {},
): Promise<StaffAccount & { page: Page; token: string }> {
  const account = await createStaffUser(role, opts.names);
  const token = await apiLogin(account.email, account.password);
  const page = opts.page ?? (await newPage());
  await page.goto('/manifest.webmanifest'); // same origin, without starting the app
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto(opts.path ?? '/');
  return { ...account, page, token };
}

/** Waits until a service worker controls the page (the shell is then precached). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(
    async () => {
      if (!('serviceWorker' in navigator)) return false;
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller !== null;
    },
    undefined,
    { timeout: 30_000 },
  );
}

/** Cuts the network for every page of the context (the service worker still answers from its cache). */
export async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
}

export interface SentMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

/** Mails the server wrote to MAIL_DIR for `to`, oldest first. */
export function readMail(to: string): SentMail[] {
  const dir = server().mailDir;
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as SentMail)
    .filter((m) => m.to.toLowerCase() === to.toLowerCase())
    .sort((a, b) => a.sentAt.localeCompare(b.sentAt));
}
