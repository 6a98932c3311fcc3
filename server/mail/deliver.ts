/** Sends one mail; a transport failure becomes a plain 502 sentence (the visitor cannot fix it) and is logged. */
import type { AppDeps } from '../context';
import { ApiError } from '../lib/errors';
import type { Mail } from './mailer';

export const MAIL_FAILED = 'We could not send the email right now. Please try again in a few minutes.';

/** The transport refused the mail: nothing was sent (a 502 with MAIL_FAILED). */
export class MailDeliveryError extends ApiError {
  constructor() {
    super(502, MAIL_FAILED);
  }
}

export async function deliverMail(deps: Pick<AppDeps, 'mailer' | 'log'>, mail: Mail): Promise<void> {
  try {
    await deps.mailer.send(mail);
  } catch (err) {
    deps.log.error({ err, subject: mail.subject }, 'mail failed');
    throw new MailDeliveryError();
  }
}
