/** /api/admin: operations on the whole event's data (the backup download). */
import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import type { AppEnv } from '../context';
import { actorOf, requireAdmin } from '../middleware/auth';
import { audit } from '../services/operations/audit';
import { backupFileName, requireKnownMigration, writeBackup } from '../services/operations/backup';

export const adminRoutes = new Hono<AppEnv>().get('/backup', async (c) => {
  requireAdmin(c);
  const { database, log } = c.get('deps');
  const now = new Date();
  const fileName = backupFileName(now);
  // a sentence now, not a 200 whose file ends at once (the headers would be gone before it failed)
  await requireKnownMigration(database.db);
  // recorded before the snapshot is taken, so the backup holds its own download
  await audit(database.db, actorOf(c), 'backup.download', { type: 'backup', id: fileName });
  c.header('Content-Type', 'application/x-ndjson; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${fileName}"`);
  c.header('Cache-Control', 'no-store');
  return stream(
    c,
    async (out) => {
      await writeBackup(
        database,
        async (line) => {
          // a client gone away ends the transaction now instead of reading the rest for nobody
          if (out.aborted) throw new Error('backup download abandoned by the client');
          await out.write(line);
        },
        now,
      );
    },
    async (err, out) => {
      if (out.aborted) return log.warn({ requestId: c.get('requestId') }, 'backup download abandoned by the client');
      // headers are gone by now: the file ends without its end line, which restore refuses
      log.error({ err, requestId: c.get('requestId') }, 'backup failed mid-stream');
    },
  );
});
