/**
 * Live updates between staff devices (docs/architecture.md, "Live updates"). The database says what
 * changed: triggers on the tables the offline feeds download NOTIFY `reunion_changes` at commit, and a
 * revoked session NOTIFYs `reunion_sessions` (drizzle/0005_live_change_notifications.sql). Every server
 * instance LISTENs once (one dedicated connection) and fans each notice out to the streams it serves, so
 * two instances on one PostgreSQL deliver each other's changes. The hub holds only the open streams of
 * this instance: nothing that matters is kept in memory, and a device that misses a notice still
 * catches up at its next periodic sync.
 */
import type { Database } from '../db/client';
import type { Logger } from '../lib/logger';
import type { LiveFeed, LiveChange } from '../../shared/live';

export const CHANGES_CHANNEL = 'reunion_changes';
export const SESSIONS_CHANNEL = 'reunion_sessions';

/** Which offline feeds a table's rows travel in (server/services/sync/sync-download.ts). */
const FEEDS_OF_TABLE: Record<string, readonly LiveFeed[]> = {
  flights: ['arrivals'],
  attendees: ['arrivals', 'registrations'],
  registrations: ['arrivals', 'registrations', 'hotel'],
  hotel_assignments: ['hotel', 'registrations', 'arrivals'],
};

export interface LiveStream {
  sessionId: number;
  /** which feeds the stream's user downloads */
  feeds: readonly LiveFeed[];
  send(change: LiveChange): void;
  /** the session was revoked, or its user's role changed: end the stream now */
  end(): void;
}

export class LiveHub {
  private readonly streams = new Set<LiveStream>();
  private unlisten: (() => Promise<void>)[] = [];

  constructor(private readonly log: Logger) {}

  /** LISTENs on both channels; call once per instance, before serving. */
  async start(database: Pick<Database, 'listen'>): Promise<void> {
    this.unlisten = await Promise.all([
      database.listen(CHANGES_CHANNEL, (payload) => this.onChange(payload)),
      database.listen(SESSIONS_CHANNEL, (payload) => this.onSessionRevoked(Number(payload))),
    ]);
  }

  async stop(): Promise<void> {
    for (const s of this.streams) s.end();
    this.streams.clear();
    await Promise.all(this.unlisten.map((u) => u().catch(() => {})));
    this.unlisten = [];
  }

  /** Adds a stream; returns its removal. */
  add(stream: LiveStream): () => void {
    this.streams.add(stream);
    return () => this.streams.delete(stream);
  }

  get size(): number {
    return this.streams.size;
  }

  private onChange(payload: string): void {
    let table: string;
    let cursor: number | null;
    try {
      const parsed = JSON.parse(payload) as { table?: unknown; cursor?: unknown };
      table = String(parsed.table);
      cursor = typeof parsed.cursor === 'number' && Number.isSafeInteger(parsed.cursor) ? parsed.cursor : null;
    } catch {
      this.log.warn({ payload: payload.slice(0, 200) }, 'live: unreadable change notice');
      return;
    }
    const feeds = FEEDS_OF_TABLE[table];
    if (!feeds) return;
    for (const stream of this.streams) {
      for (const feed of feeds) if (stream.feeds.includes(feed)) stream.send({ feed, cursor });
    }
  }

  private onSessionRevoked(sessionId: number): void {
    for (const stream of this.streams) if (stream.sessionId === sessionId) stream.end();
  }
}
