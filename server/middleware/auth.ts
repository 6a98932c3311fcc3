/**
 * Who is asking: `Authorization: Bearer <session token>` for staff, `X-Registrant-Token` for a visitor
 * who verified a code. Guards throw 401 (not signed in / bad token) or 403 (signed in, not allowed).
 */
import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import type { AppEnv, AuthUser } from '../context';
import { ApiError, forbidden, unauthorized } from '../lib/errors';
import { sessionRefusal, userForToken } from '../services/staff/sessions';
import { registrantForToken } from '../services/registrants/registrant-tokens';
import { REGISTRANT_TOKEN_HEADER, SESSION_REFUSED_HEADER } from '../../shared/constants';
import type { Role } from '../../shared/constants';

/**
 * The calls that give a caller a new identity, or need none: signing in (with the public settings and
 * the bot challenge it needs), asking for and checking a code, the emailed link, the health check. A
 * token that no longer works is ignored on them (the caller is anonymous), so a device still holding a
 * dead token can always sign in or verify again; everywhere else it is refused with 401
 * (docs/decisions.md, "Hardening choices").
 */
const FRESH_START = [
  /^POST \/api\/auth\/login$/,
  /^GET \/api\/(health|config|challenge)$/,
  /^POST \/api\/(registrations|flight-info)\/(send-verification|verify-code)$/,
  /^POST \/api\/flight-info\/(lookup|submit)$/,
  /^GET \/api\/flight-info\/verify\/[^/]+$/,
];

export const identify = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', null);
  c.set('registrant', null);
  c.set('arrivalMark', null);
  const { db } = c.get('deps').database;
  const call = `${c.req.method} ${c.req.path.replace(/\/+$/, '')}`;
  const refuseDead = !FRESH_START.some((p) => p.test(call));
  const header = c.req.header('authorization');
  const bearer = header?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  if (bearer) {
    const found = await userForToken(db, bearer);
    if (found) {
      c.set('user', found.user);
      c.set('arrivalMark', found.mark);
    } else if (refuseDead) {
      // the device keeps its copy of the families' data after an expiry, not after a revocation (docs/decisions.md "Arrivals and hotel screens")
      throw new ApiError(401, 'Your session has expired. Please sign in again.', undefined, {
        [SESSION_REFUSED_HEADER]: await sessionRefusal(db, bearer),
      });
    }
  }
  const registrantToken = c.req.header(REGISTRANT_TOKEN_HEADER)?.trim();
  if (registrantToken) {
    const registrant = await registrantForToken(db, registrantToken);
    if (registrant) c.set('registrant', registrant);
    else if (!bearer && refuseDead) throw unauthorized('Your verification has expired. Please verify your email again.');
  }
  await next();
});

/** The signed-in user with one of `roles`, or throws 401/403. */
export function requireUser(c: Context<AppEnv>, ...roles: Role[]): AuthUser {
  const user = c.get('user');
  if (!user) throw unauthorized();
  if (roles.length && !roles.includes(user.role)) throw forbidden();
  return user;
}

export const requireAdmin = (c: Context<AppEnv>) => requireUser(c, 'admin');
/** admins and greeters */
export const requireStaff = (c: Context<AppEnv>) => requireUser(c, 'admin', 'greeter');

/** The check-in desk's callers: check-in staff and admins. */
export const requireDesk = (c: Context<AppEnv>) => requireUser(c, 'admin', 'checkin');

/** The audit actor for the current request. */
export function actorOf(c: Context<AppEnv>) {
  const u = c.get('user');
  if (u) return { userId: u.id, label: u.email };
  return { userId: null, label: 'anonymous' };
}
