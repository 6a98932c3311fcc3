/**
 * What a staff screen shows while its feed has no finished copy on this device: offline, a failed
 * download, or the download under way. When the device had a copy before (copy-marker.ts), the browser
 * evicted it, and the screen says so instead of showing an empty list as the truth.
 */
import { Alert } from '../../components/alert';
import { Spinner } from '../../components/spinner';
import { hadCopy } from '../copy-marker';
import type { Feed } from '../downloads';
import type { SyncStatus } from '../hooks';
import { downloadingText } from '../sync-text';

interface Props {
  feed: Feed;
  /** the feed's rows as the sentences name them: 'arrivals', 'registrations', 'hotel bookings' */
  what: string;
  status: Pick<SyncStatus, 'online' | 'syncing' | 'lastError' | 'progress'>;
  /** the title of a failed download */
  errorTitle: string;
}

export const clearedText = (what: string, online: boolean) =>
  online
    ? `The browser cleared this device's saved copy of the ${what}. Downloading it again...`
    : `The browser cleared this device's saved copy of the ${what}, and there is no connection to download it again. It downloads as soon as there is a connection.`;

export function NotDownloaded({ feed, what, status, errorTitle }: Props) {
  const cleared = hadCopy(feed);
  const done = status.progress?.phase === 'download' && status.progress.feed === feed ? status.progress.done : 0;
  const downloading = downloadingText(what, done);
  if (!status.online)
    return (
      <Alert kind="info">
        {cleared
          ? clearedText(what, false)
          : `You are offline, and the ${what} have not been downloaded to this device yet. They download as soon as there is a connection.`}
      </Alert>
    );
  if (status.lastError && !status.syncing)
    return (
      <Alert kind="error" title={errorTitle}>
        {status.lastError}
      </Alert>
    );
  return (
    <>
      {cleared && <Alert kind="info">{clearedText(what, true)}</Alert>}
      <div className="page-spinner download-progress">
        <Spinner label={downloading} />
        {/* the same words for the eye (the spinner's label is read out, not shown): the download is moving */}
        <span className="muted" aria-hidden="true">
          {downloading}
        </span>
      </div>
    </>
  );
}
