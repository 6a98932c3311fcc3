/** What every request handler can reach: the dependencies and who is asking. */
import type { Config } from './config';
import type { Database } from './db/client';
import type { Logger } from './lib/logger';
import type { Mailer } from './mail/mailer';
import type { ChallengeVerifier } from './challenge';
import type { LiveHub } from './live/hub';
import type { Role } from '../shared/constants';
import type { ArrivalMark } from './db/arrival-mark';

export interface AppDeps {
  database: Database;
  config: Config;
  mailer: Mailer;
  challenge: ChallengeVerifier;
  log: Logger;
  /** this instance's live streams (server/live/hub.ts), started before serving */
  live: LiveHub;
}

export interface AuthUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  sessionId: number;
}

export interface RegistrantAuth {
  registrationId: number;
  email: string;
}

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    requestId: string;
    user: AuthUser | null;
    registrant: RegistrantAuth | null;
    /** the database as a signed-in user's request found it (server/db/arrival-mark.ts): for read-only routes */
    arrivalMark: ArrivalMark | null;
  };
};
