/** The sentences of the sync status bar and panel, pure so they are tested without a browser. */
import { formatClock, formatMoney } from '../lib/format';
import type { SyncProgress } from './sync-engine';
import type { OutboxOp } from './types';
import type { HandoverNotice } from './owner';
import { ROLE_NOUNS } from '../../shared/constants';

/** '3 not synced': changes made on this device that the server does not have yet (not "pending", which the board uses for people waiting) */
export const pendingText = (n: number) => `${n} not synced`;
/** 'Discard 1 pending change' / 'Discard 3 pending changes': sign-out's choice with changes not sent */
export const discardLabel = (n: number) => `Discard ${n} pending change${n === 1 ? '' : 's'}`;
/**
 * The question before a change is discarded, asked in every state: a refused change (a payment taken at
 * the desk, say) is its last record on this device, and one sent before without an answer may be on the
 * server already, so discarding it does not undo it there.
 */
export function discardQuestion(op: Pick<OutboxOp, 'state' | 'label' | 'attempts' | 'kind'>): string {
  if (op.state === 'failed') return `Discard “${op.label}”? The server refused it, and this removes its last record on this device.`;
  if (op.attempts > 0)
    return `Discard “${op.label}”? It was sent before and may already be on the server: discarding stops this device sending it again, and does not undo it there.`;
  // money taken at the desk: this device holds its only record
  if (op.kind === 'payment') return `Discard “${op.label}”? It will not reach the server, and this removes its only record.`;
  return 'Discard this change? It will not reach the server.';
}
/**
 * A change as the questions about it must read it: one whose request is on its way (the engine's
 * `sending`), or left the device once (`leftAt`: sent from a tab since closed or reloaded, or from
 * another tab), was sent and may be on the server already, though no failed send has counted it yet.
 */
export const asSent = <T extends Pick<OutboxOp, 'opId' | 'attempts' | 'leftAt'>>(op: T, sending: readonly string[]): T =>
  op.attempts === 0 && (mayBeOnServer(op) || sending.includes(op.opId)) ? { ...op, attempts: 1 } : op;

/** Whether an op may be on the server already: a send of it may have reached it (counted, or on its way when last known). */
export function mayBeOnServer(op: Pick<OutboxOp, 'attempts' | 'leftAt'>): boolean {
  return op.attempts > 0 || op.leftAt !== undefined;
}

const changesOf = (n: number) => `${n} change${n === 1 ? '' : 's'}`;

/**
 * The sign-out question while changes of this device are not on the server (`ops`, local-data.ts
 * notOnServer), and what staying signed in does with them. Each change is said as it stands, as
 * discardQuestion does for one: never sent (a payment's only record), sent without an answer (it may be
 * on the server already: a payment must not be taken again on the strength of this question), or
 * refused (it is not sent again by itself: it waits in Sync details for Retry or Discard).
 */
export function signOutQuestion(ops: Pick<OutboxOp, 'state' | 'attempts' | 'kind' | 'payload'>[]): { message: string; note: string } {
  const n = ops.length;
  const them = n === 1 ? 'it' : 'them';
  const unsent = ops.filter((op) => op.state === 'pending' && op.attempts === 0);
  const unanswered = ops.filter((op) => op.state === 'pending' && op.attempts > 0);
  const refused = ops.filter((op) => op.state !== 'pending');
  const amounts = (list: typeof ops) => list.flatMap((op) => (op.kind === 'payment' ? [(op.payload as { amount: number }).amount] : []));
  const payments = (list: number[]) =>
    list.length === 1 ? `a payment of ${formatMoney(list[0])}` : `${list.length} payments (${list.map(formatMoney).join(', ')})`;

  const onlyHere = amounts([...unsent, ...refused]);
  const mayBeThere = amounts(unanswered);
  const parts = [
    unsent.length && `${unsent.length} not sent yet`,
    unanswered.length && `${unanswered.length} sent without an answer, which may already be on the server`,
    refused.length && `${refused.length} refused by the server`,
  ].filter(Boolean);
  const head =
    unsent.length === n
      ? `${changesOf(n)} ${n === 1 ? 'has' : 'have'} not reached the server yet`
      : `${changesOf(n)} of this device ${n === 1 ? 'is' : 'are'} not confirmed by the server: ${parts.join(', ')}`;
  const onlyRecord = `${onlyHere.length === 1 ? 'its' : 'their'} only record`;
  const sentences = [
    // all unsent: the money joins the one sentence; mixed: its own sentence, so it is not read as one of the list's last kind
    unsent.length === n && onlyHere.length
      ? `${head}, among them ${payments(onlyHere)} taken on this device: discarding removes ${onlyRecord}.`
      : `${head}.`,
    unsent.length !== n && onlyHere.length
      ? `${payments(onlyHere).replace(/^a/, 'A')} taken on this device ${onlyHere.length === 1 ? 'is' : 'are'} not on the server: discarding removes ${onlyRecord}.`
      : '',
    mayBeThere.length
      ? `${payments(mayBeThere).replace(/^a/, 'A')} ${mayBeThere.length === 1 ? 'was' : 'were'} sent without an answer: look at the family's balance before taking ${mayBeThere.length === 1 ? 'it' : 'them'} again.`
      : '',
    `Sign out anyway and discard ${them}?`,
  ];
  const note =
    refused.length === 0
      ? n === 1
        ? 'Staying signed in keeps it on this device; it is sent when the connection returns.'
        : 'Staying signed in keeps them on this device; they are sent when the connection returns.'
      : refused.length === n
        ? `Staying signed in keeps ${them} on this device, in Sync details, to retry or discard.`
        : 'Staying signed in keeps them on this device: those waiting are sent when the connection returns, the refused ones stay in Sync details to retry or discard.';
  return { message: sentences.filter(Boolean).join(' '), note };
}

/** '1 conflict' / '2 conflicts' */
export const conflictsText = (n: number) => `${n} conflict${n === 1 ? '' : 's'}`;
/** '1 failed' */
export const failedText = (n: number) => `${n} failed`;

/**
 * What the status bar says while a sync runs, with how far it has come: 'Sending 80 changes…' until the
 * first batch is answered, then 'Sending 100 of 250…', 'Syncing… 1,000 downloaded' once a download has
 * brought rows, else 'Syncing…'; while the line says Offline, 'Trying to reach the server…'.
 */
export function syncingText(progress: SyncProgress | null, online = true): string {
  // the line says Offline beside it: a sync going on is only trying (the last request went unanswered)
  if (!online) return 'Trying to reach the server…';
  if (progress?.phase === 'upload' && progress.total > 0)
    return progress.done > 0
      ? `Sending ${progress.done} of ${progress.total}…`
      : `Sending ${progress.total} change${progress.total === 1 ? '' : 's'}…`;
  if (progress?.phase === 'download' && progress.done > 0) return `Syncing… ${progress.done.toLocaleString('en-US')} downloaded`;
  return 'Syncing…';
}

/** The first download's spinner: 'Downloading registrations...', then '… 1,000 so far' once rows came. */
export function downloadingText(what: string, done: number): string {
  return done > 0 ? `Downloading ${what}... ${done.toLocaleString('en-US')} so far` : `Downloading ${what}...`;
}

/** 'Last synced just now', 'Last synced 2 min ago', 'Last synced 3 h ago', 'Last synced 2 days ago', 'Not synced yet'. */
export function lastSyncedText(iso: string | null, nowMs: number): string {
  if (!iso) return 'Not synced yet';
  const seconds = Math.max(0, Math.round((nowMs - Date.parse(iso)) / 1000));
  if (!Number.isFinite(seconds)) return 'Not synced yet';
  if (seconds < 60) return 'Last synced just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `Last synced ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `Last synced ${hours} h ago`;
  const days = Math.floor(hours / 24);
  return `Last synced ${days} day${days === 1 ? '' : 's'} ago`;
}

/**
 * Milliseconds from `nowMs` until lastSyncedText of `sinceMs` next changes: it counts whole minutes of
 * the age (rounded seconds), so at the next minute of age, a quarter second late to be safe.
 */
export function msUntilSyncedTextChanges(sinceMs: number, nowMs: number): number {
  const age = Math.max(0, nowMs - sinceMs);
  const nextMinute = (Math.floor((age + 500) / 60_000) + 1) * 60_000 - 500;
  return nextMinute - age + 250;
}

/** 'Ana Lima', 'Ana Lima and Bo Greer', 'Ana Lima, Bo Greer and Cy Dao' */
function listNames(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * The sync panel's notice when another user's unsent changes were kept at sign-in (owner.ts), e.g.
 * '2 changes made on this device by Ana Lima have not reached the server yet. They are kept and will be
 * sent; pickups and check-ins keep the name of who tapped them. The data Ana Lima had saved on this device was removed
 * when you signed in.'
 */
export function handoverText(n: HandoverNotice): string {
  const changes = changesOf(n.count);
  const verb = n.count === 1 ? 'has' : 'have';
  const them = n.count === 1 ? 'It is' : 'They are';
  const kept = `${them} kept${whenSent(n)}; pickups and check-ins keep the name of who tapped them.`;
  if (!n.names.length) {
    return `${changes} made on this device before you signed in ${verb} not reached the server yet. ${kept} The data saved on this device by the previous user was removed when you signed in.`;
  }
  const who = listNames(n.names);
  return `${changes} made on this device by ${who} ${verb} not reached the server yet. ${kept} The data ${who} had saved on this device was removed when you signed in.`;
}

/** ' and will be sent', or, for changes this user's role may not send, who must sign in here to send them. */
function whenSent(n: HandoverNotice): string {
  if (!n.held) return ' and will be sent';
  // the administrators last: 'a greeter or an administrator'
  const who = [...n.heldFor]
    .sort((a, b) => Number(a === 'admin') - Number(b === 'admin'))
    .map((r) => ROLE_NOUNS[r])
    .join(' or ');
  const waits = `will be sent when ${who} signs in on this device`;
  return n.held === n.count ? ` and ${waits}` : `: ${n.held} ${waits}, the others with the next sync`;
}

/** 'h:mm' of an ISO time, on the device's clock ('' without one): a tap's time in a notice. */
export const clockOf = (iso: string | null) => (iso ? formatClock(new Date(iso)).replace(/ [AP]M$/, '') : '');

/** "Your 1:34 pickup of Ngozi Garcia" / "Your undo of the pickup of …": how a notice names a tap of this device. */
export function yourTap(tappedAt: string | null, pickedUp: boolean, name: string): string {
  const when = clockOf(tappedAt);
  return `Your ${when ? `${when} ` : ''}${pickedUp ? 'pickup' : 'undo of the pickup'} of ${name}`;
}

/**
 * "Your 1:34 pickup of Ngozi Garcia was undone by Demo Admin at 1:36": a tap of this device that a later
 * tap on another device overrode (told when its answer or a download says so).
 */
export function overriddenPickupText(p: {
  /** this device's tap: when, and whether it was a pickup or its undo */
  tappedAt: string | null;
  pickedUp: boolean;
  name: string;
  /** the state that won, who made it and when */
  nowPickedUp: boolean;
  by: string | null | undefined;
  at: string | null | undefined;
}): string {
  const at = clockOf(p.at ?? null);
  return `${yourTap(p.tappedAt, p.pickedUp, p.name)} was ${p.nowPickedUp ? 'redone' : 'undone'} by ${p.by ?? 'another device'}${at ? ` at ${at}` : ''}`;
}

/** An op's error when the server refused it without a sentence of its own (the sync panel still names the status). */
export const refusedText = (status: number) => `Request refused (${status})`;

/** True for refusedText's words: a screen then says its own written sentence instead. */
export const saidNothing = (message: string | null | undefined): boolean => !message || /^Request refused \(\d{3}\)$/.test(message);
