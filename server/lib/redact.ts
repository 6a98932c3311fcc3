/**
 * Secrets that travel in a URL path, hidden before the path is logged: the emailed flight-info link's
 * token (the PWA page `/flight-info/{token}` and the API's `/api/flight-info/verify/{token}`). Anyone
 * who can read the log could otherwise open that registration's flight form. Queries are never logged.
 */
const SECRET_SEGMENTS: readonly RegExp[] = [/^(\/api\/flight-info\/verify\/)[^/]+/, /^(\/flight-info\/)[^/]+/];

export const REDACTED = '[redacted]';

/** The path with every secret segment replaced by `[redacted]`. */
export function redactPath(path: string): string {
  for (const pattern of SECRET_SEGMENTS) if (pattern.test(path)) return path.replace(pattern, `$1${REDACTED}`);
  return path;
}
