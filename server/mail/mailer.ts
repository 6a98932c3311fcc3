/**
 * Outgoing mail through nodemailer, one module for every transport (`MAIL_TRANSPORT` in README.md's configuration table):
 * smtp (SMTP_URL), log (printed to the server log, codes included), dir (one JSON file per mail in
 * MAIL_DIR, read by tests and by people running locally), memory (an in-process sink for tests).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Logger } from '../lib/logger';

export interface MailImage {
  filename: string;
  /** the HTML body shows it as <img src="cid:{cid}"> */
  cid: string;
  contentType: string;
  /** the bytes, base64 (so a mail stored as JSON keeps them) */
  contentBase64: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** images shown inline in the HTML body (the check-in pass's QR code) */
  images?: MailImage[];
}

export interface SentMail extends Mail {
  from: string;
  sentAt: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** mails sent with the memory transport (empty otherwise) */
  readonly outbox: SentMail[];
}

export function createMailer(cfg: Config['mail'], log: Logger): Mailer {
  const outbox: SentMail[] = [];
  const transport =
    cfg.transport === 'smtp'
      ? // bounded waits (nodemailer's own run to 2 and 10 minutes): a link or pass is mailed inside its
        // registration's transaction, so a mail server that hangs must not hold that row, or PGlite, for long
        nodemailer.createTransport({ url: cfg.smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 })
      : nodemailer.createTransport({ jsonTransport: true });
  let counter = 0;
  return {
    outbox,
    async send(mail) {
      const sent: SentMail = { ...mail, from: cfg.from, sentAt: new Date().toISOString() };
      await transport.sendMail({
        from: cfg.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.images?.map((i) => ({
          filename: i.filename,
          cid: i.cid,
          contentType: i.contentType,
          content: Buffer.from(i.contentBase64, 'base64'),
        })),
      });
      if (cfg.transport === 'log') {
        log.info({ msg: 'mail', to: mail.to, subject: mail.subject, text: mail.text });
      } else if (cfg.transport === 'dir') {
        // mails hold codes and links: only the server's own user may read them
        mkdirSync(cfg.dir, { recursive: true, mode: 0o700 });
        const name = `${Date.now()}-${process.pid}-${++counter}.json`;
        writeFileSync(path.join(cfg.dir, name), JSON.stringify(sent, null, 2), { mode: 0o600 });
      } else if (cfg.transport === 'memory') {
        outbox.push(sent);
      }
    },
  };
}

/** Escapes text for the HTML body of a mail. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
