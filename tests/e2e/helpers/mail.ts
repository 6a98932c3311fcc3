/** What the browser tests read from the server's mail sink (MAIL_DIR): verification codes and links. */
import { readMail } from './playwright-utils';

export const CODE = /verification code is:\s*([A-Z0-9]{6})/;
export const LINK = /(https?:\/\/\S+\/flight-info\/[A-Za-z0-9_-]+)/;

/** Waits for the newest mail to `to`, among those after the first `after`, that matches `pattern`. */
export async function waitForMail(to: string, pattern: RegExp, after = 0): Promise<RegExpMatchArray> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    for (const mail of readMail(to).slice(after).reverse()) {
      const m = mail.text.match(pattern);
      if (m) return m;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} matching ${pattern}`);
}

/** The verification code last mailed to `to`. */
export const mailedCode = async (to: string, after = 0) => (await waitForMail(to, CODE, after))[1];
