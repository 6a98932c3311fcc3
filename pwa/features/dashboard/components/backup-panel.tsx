/**
 * The Backup panel of the Admin Overview: 'Download backup' saves the whole event's data as one file,
 * taken while the event runs. Busy with the size received so far; a failure says why under the button.
 */
import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { BACKUP_CUT_SHORT, useDownloadBackup } from '../api/download-backup';

const FALLBACK = 'Failed to download the backup. Please try again.';

function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function BackupPanel() {
  const [bytes, setBytes] = useState(0);
  const [saved, setSaved] = useState<string | null>(null);
  const backup = useDownloadBackup(setBytes);
  const error = backup.error;
  const message =
    error instanceof ApiError ? errorMessage(error, FALLBACK) : error?.message === BACKUP_CUT_SHORT ? BACKUP_CUT_SHORT : FALLBACK;
  return (
    <section className="card backup-panel" aria-labelledby="backup-title">
      <h2 id="backup-title">Backup</h2>
      <p className="muted">
        Everything in one file: registrations, attendees, flights and pickups, payments, hotel bookings, staff accounts and history. Take
        one before and during the event; <code>npm run restore</code> loads it into an empty database.
      </p>
      <Button
        variant="secondary"
        busy={backup.isPending}
        busyText={bytes ? `Downloading backup... ${size(bytes)}` : 'Downloading backup...'}
        onClick={() => {
          setBytes(0);
          setSaved(null);
          backup.mutate(undefined, { onSuccess: (name) => setSaved(name) });
        }}
      >
        Download backup
      </Button>
      <div className="backup-status" aria-live="polite">
        {backup.isError && (
          <Alert kind="error" title="Could not download the backup">
            <p>{message}</p>
          </Alert>
        )}
        {saved && !backup.isPending && <p className="muted">Saved {saved}.</p>}
      </div>
    </section>
  );
}
