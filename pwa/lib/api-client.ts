/**
 * The one way the PWA talks to the API (docs/product.md#api; docs/architecture.md "Shape"). Every call goes to /api with
 * JSON, carries `Authorization: Bearer <token>` when a staff token is in localStorage 'token', and
 * `X-Registrant-Token` when the visitor has verified a code. Failures are thrown as ApiError with the
 * server's `error` sentence and `fields`, so screens show the server's text or their own fallback.
 *
 * 401 (docs/decisions.md "Shell and sign-in"; docs/product.md#security-and-limits, sessions): when a call made WITH a staff
 * token is refused, the token is removed and the app's unauthorized handler runs (the auth provider
 * sends the browser to /login). A background caller (sync, status polling) passes `on401: 'throw'` and
 * decides itself: the transport never redirects on a background call's behalf.
 */
import { REGISTRANT_TOKEN_HEADER, SESSION_REFUSED_HEADER } from '../../shared/constants';

export const API_BASE = '/api';
/** localStorage key of the staff session token */
export const TOKEN_KEY = 'token';

/** The server's error sentence for an expired/unknown registrant token (server/middleware/auth.ts). */
const REGISTRANT_REJECTED = 'Your verification has expired. Please verify your email again.';

/** An API failure. status 0 means no answer at all (offline, server down, DNS): see isNetworkError. */
export class ApiError extends Error {
  readonly status: number;
  /** per-field messages from a 400 (`{ error, fields }`), keyed by the request's field names */
  readonly fields: Record<string, string>;
  /** the parsed response body, when there was one */
  readonly body: unknown;
  /** Retry-After in seconds on a 429 */
  readonly retryAfter?: number;

  constructor(status: number, message: string, fields?: Record<string, string>, body?: unknown, retryAfter?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields ?? {};
    this.body = body;
    this.retryAfter = retryAfter;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** True for failures worth retrying later: no answer, or a 5xx. A 4xx is a refusal and would come back the same. */
export const isRetryable = (e: unknown): boolean => e instanceof ApiError && (e.status === 0 || e.status >= 500);

/** The server's own sentence for a refusal, or `fallback` (the screen's sentence, docs/product.md#messages) when it gave none. */
export function errorMessage(e: unknown, fallback: string): string {
  return (e instanceof ApiError && serverSentence(e)) || fallback;
}

/** What the server said in `{ error }`, or null (no answer, or an answer without a sentence: a proxy's 502 page). */
export function serverSentence(e: ApiError): string | null {
  const said = (e.body as { error?: unknown } | null)?.error;
  return e.status !== 0 && typeof said === 'string' && said ? said : null;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** query string values; null, undefined and '' are left out */
  query?: Record<string, QueryValue>;
  /** JSON body */
  body?: unknown;
  /** a body sent as it is (a file upload, e.g. a CSV); give its Content-Type in `headers`. Wins over `body`. */
  rawBody?: BodyInit;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** 'redirect' (default): a refused staff token is removed and the user sent to /login. 'throw': just throw. */
  on401?: 'redirect' | 'throw';
  /** send the staff token (default true; false for sign-in, so a stale token cannot block it) */
  auth?: boolean;
  /** send X-Registrant-Token when the visitor is verified (default true) */
  registrant?: boolean;
  /** Idempotency-Key header for replayable mutations (docs/product.md#api) */
  idempotencyKey?: string;
}

interface ClientHooks {
  /** the verified registrant's token, or null */
  getRegistrantToken: () => string | null;
  /** runs after a staff token was refused (and removed); `expired`: its session had simply reached its end */
  onUnauthorized: (refusal: { expired: boolean }) => void;
  /** runs when the server says the registrant token is expired or unknown */
  onRegistrantRejected: () => void;
  /** sees every response (e.g. the offline layer measuring the server clock from the Date header) */
  onResponse: (res: Response) => void;
}

const hooks: ClientHooks = {
  getRegistrantToken: () => null,
  onUnauthorized: () => {
    if (typeof window !== 'undefined' && window.location.pathname !== '/login') window.location.assign('/login');
  },
  onRegistrantRejected: () => {},
  onResponse: () => {},
};

/** Wires the client to the app (pwa/app/providers.tsx): registrant token source and 401 reactions. */
export function configureApiClient(next: Partial<ClientHooks>): void {
  Object.assign(hooks, next);
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** When the staff session ends (ISO), as its sign-in answered: the app warns an hour before. */
export const SESSION_END_KEY = 'token_expires_at';

export function setToken(token: string, expiresAt?: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  if (expiresAt) setSessionEnd(expiresAt);
  else localStorage.removeItem(SESSION_END_KEY);
}

/** Records when the stored session ends (the sign-in's or /auth/me's answer). */
export function setSessionEnd(expiresAt: string): void {
  try {
    localStorage.setItem(SESSION_END_KEY, expiresAt);
  } catch {
    /* storage unavailable: no warning before the end */
  }
}

/** The end of the stored session (ms), when its sign-in said it; else null. */
export function getSessionEnd(): number | null {
  try {
    const t = Date.parse(localStorage.getItem(SESSION_END_KEY) ?? '');
    return Number.isFinite(t) ? t : null;
  } catch {
    return null;
  }
}

/** Whether the server's last refusal of a staff token said its session had simply reached its end. */
let refusedAsExpired = false;
export const lastRefusalWasExpiry = () => refusedAsExpired;

export function clearToken(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(SESSION_END_KEY);
  } catch {
    /* storage unavailable: nothing to clear */
  }
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === null || v === undefined || v === '') continue;
    params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

/** Sends a request and returns the raw Response when it is 2xx; throws ApiError otherwise. */
export async function apiFetch(method: string, path: string, opts: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  const token = opts.auth === false ? null : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const registrantToken = opts.registrant === false ? null : hooks.getRegistrantToken();
  if (registrantToken) headers[REGISTRANT_TOKEN_HEADER] = registrantToken;
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
  let body: BodyInit | undefined;
  if (opts.rawBody !== undefined) {
    body = opts.rawBody;
  } else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }

  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), { method, headers, body, signal: opts.signal });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    // docs/product.md#messages: a network error is logged, with no message from the client layer itself
    console.warn(`Network error on ${method} ${path}: backend may be down`, e);
    throw new ApiError(0, 'Network error: the server could not be reached. Check your connection.');
  }
  hooks.onResponse(res);
  if (res.ok) return res;

  const parsed = await readBody(res);
  const obj = (parsed && typeof parsed === 'object' ? parsed : {}) as { error?: unknown; fields?: unknown };
  const message = typeof obj.error === 'string' && obj.error ? obj.error : `Request failed (${res.status})`;
  const fields = obj.fields && typeof obj.fields === 'object' ? (obj.fields as Record<string, string>) : undefined;
  const retryAfter = Number(res.headers.get('Retry-After')) || undefined;
  const error = new ApiError(res.status, message, fields, parsed, retryAfter);

  if (res.status === 401) {
    // 'expired' or 'revoked' (server/middleware/auth.ts): the device keeps its copy only after an expiry
    if (token) refusedAsExpired = res.headers.get(SESSION_REFUSED_HEADER) === 'expired';
    if (token && opts.on401 !== 'throw') {
      // only the token this request carried is refused: a newer sign-in survives a late answer (and is not signed out);
      // no token left means an earlier refusal of this one already signed the device out
      if (getToken() === token) {
        clearToken();
        hooks.onUnauthorized({ expired: refusedAsExpired });
      }
    } else if (!token && registrantToken && message === REGISTRANT_REJECTED) {
      hooks.onRegistrantRejected();
    }
  } else if (res.status >= 400) {
    console.error(`${method} ${path} failed: ${res.status} ${message}`);
  }
  throw error;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  if ((res.headers.get('Content-Type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** Sends a request and returns the parsed JSON body (undefined for 204). */
export async function apiRequest<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await apiFetch(method, path, opts);
  return (await readBody(res)) as T;
}

type Opts = Omit<RequestOptions, 'body'>;

/** Typed shorthands: `api.get<{ users: User[] }>('/users')`. */
export const api = {
  get: <T>(path: string, opts?: Opts) => apiRequest<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: Opts) => apiRequest<T>('POST', path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: Opts) => apiRequest<T>('PUT', path, { ...opts, body }),
  patch: <T>(path: string, body?: unknown, opts?: Opts) => apiRequest<T>('PATCH', path, { ...opts, body }),
  delete: <T = void>(path: string, opts?: Opts) => apiRequest<T>('DELETE', path, opts),
};

/** Downloads a file (e.g. a CSV export): the body and the name from Content-Disposition, else `fallbackName`. */
export async function apiDownload(path: string, fallbackName: string, opts: Opts = {}): Promise<{ blob: Blob; filename: string }> {
  const res = await apiFetch('GET', path, { ...opts, headers: { Accept: '*/*', ...opts.headers } });
  const disposition = res.headers.get('Content-Disposition') ?? '';
  const star = disposition.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  const plain = disposition.match(/filename="?([^";]+)"?/i)?.[1];
  const filename = star ? decodeURIComponent(star) : plain || fallbackName;
  return { blob: await res.blob(), filename };
}

/** Saves a downloaded blob through a temporary link. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
