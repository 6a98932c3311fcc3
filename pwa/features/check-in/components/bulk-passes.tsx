/**
 * "Email check-in passes" (admins, on the desk's page): every active registration gets its pass by
 * email, after a confirmation that says how many will get it and how many were already sent one, in
 * batches of 20 with the progress shown ("Sent 40 of 152"), and says at the end how many were sent and
 * how many could not be. "Send to the N not sent yet" mails only those never sent a pass (the ones the
 * mail server refused, or those left when a run stopped or the page was reloaded), so trying again
 * mails no family twice. Loaded only for admins (check-in-page.tsx).
 */
import { useEffect, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { errorMessage } from '../../../lib/api-client';
import { OFFLINE_REASON, useOnline } from '../../../lib/use-online';
import { passCounts, sendPassBatch } from '../api/send-passes';

type Progress = { sent: number; failed: number; done: number; total: number | null };
type Counts = { total: number; unsent: number };

const passes = (n: number) => `${n} check-in ${n === 1 ? 'pass' : 'passes'}`;

/** The words at the end of a run. */
export function passResultText(sent: number, failed: number): string {
  return failed
    ? `Sent ${passes(sent)}; ${failed} could not be sent. Send to the ones not sent yet to try them again: no family gets a second mail.`
    : `Sent ${passes(sent)}.`;
}

export function BulkPasses() {
  const [open, setOpen] = useState(false);
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [counts, setCounts] = useState<Counts | null>(null);
  const [countsError, setCountsError] = useState<string | null>(null);
  const online = useOnline();

  // asked afresh at each opening: what the last run left is then counted, not remembered by this page
  useEffect(() => {
    if (!open) return;
    let live = true;
    setCounts(null);
    setCountsError(null);
    passCounts().then(
      (c) => live && setCounts(c),
      (e) => live && setCountsError(errorMessage(e, 'The passes could not be counted.')),
    );
    return () => {
      live = false;
    };
  }, [open]);

  /** `planned`: how many the run is to mail, as counted when the dialog opened (null: not counted) */
  async function run(unsentOnly: boolean, planned: number | null) {
    setRunning(true);
    setResult(null);
    let p: Progress = { sent: 0, failed: 0, done: 0, total: planned };
    setProgress(p);
    let after = 0;
    try {
      for (;;) {
        const batch = await sendPassBatch(after, unsentOnly);
        // done counts those behind the run's place in the list (the unsent only: of those counted at the start)
        const total = unsentOnly && planned !== null ? planned : batch.total;
        p = { sent: p.sent + batch.sent, failed: p.failed + batch.failed, done: Math.max(0, total - batch.remaining), total };
        setProgress(p);
        // a batch may send nothing (another admin's run mailed them first): the run stops at the list's end
        const moved = batch.last_id !== after;
        after = batch.last_id;
        if (batch.remaining === 0 || !moved) break;
      }
      setResult({ kind: p.failed ? 'error' : 'success', text: passResultText(p.sent, p.failed) });
    } catch (e) {
      setResult({
        kind: 'error',
        text: `${errorMessage(e, 'The passes could not be sent.')} ${passes(p.sent)} sent before it stopped; Send to the ones not sent yet goes on from there.`,
      });
    } finally {
      setOpen(false); // the result shows on the page, where the dialog was
      setRunning(false);
    }
  }

  // offered whenever some were never sent one: the words after a run that failed point at it
  const some = counts !== null && counts.unsent > 0;
  return (
    <>
      <Button
        variant="ghost"
        onClick={() => {
          setProgress(null);
          setOpen(true);
        }}
        disabled={!online}
        title={online ? undefined : OFFLINE_REASON}
      >
        Email check-in passes
      </Button>
      {result && <Alert kind={result.kind}>{result.text}</Alert>}
      <Dialog
        open={open}
        title="Email check-in passes"
        onClose={() => !running && setOpen(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={running}>
              Cancel
            </Button>
            {some && (
              <Button variant="secondary" onClick={() => void run(true, counts.unsent)} disabled={running}>
                {`Send to the ${counts.unsent} not sent yet`}
              </Button>
            )}
            <Button
              onClick={() => void run(false, counts?.total ?? null)}
              busy={running}
              busyText="Sending..."
              disabled={counts === null && !countsError}
            >
              Send to every active registration
            </Button>
          </>
        }
      >
        <p>Every active registration gets its check-in pass (the QR code to show at the desk) at its primary email.</p>
        {countsError && <Alert kind="error">{countsError}</Alert>}
        {!counts && !countsError && <p>Counting the registrations…</p>}
        {counts && (
          <p>
            {`${counts.total} active registration${counts.total === 1 ? '' : 's'}`}
            {counts.unsent === counts.total
              ? ': none has been sent a pass yet.'
              : counts.unsent === 0
                ? ': every one has been sent its pass already. Sending again mails each family a second time.'
                : `: ${counts.total - counts.unsent} already sent their pass, ${counts.unsent} not yet. Send to every active registration mails those ${counts.total - counts.unsent} again.`}
          </p>
        )}
        {progress && (
          <p aria-live="polite">
            Sent {progress.done} of {progress.total ?? '…'}
          </p>
        )}
        {progress?.total ? <progress max={progress.total} value={progress.done} style={{ width: '100%' }} /> : null}
      </Dialog>
    </>
  );
}
