/**
 * "Email check-in passes" (admins, on the desk's page): every active registration gets its pass by
 * email, after a confirmation, in batches of 20 with the progress shown ("Sent 40 of 152"), and says at
 * the end how many were sent and how many could not be.
 */
import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { errorMessage } from '../../../lib/api-client';
import { OFFLINE_REASON, useOnline } from '../../../lib/use-online';
import { sendPassBatch } from '../api/send-passes';

type Progress = { sent: number; failed: number; done: number; total: number | null };

export function BulkPasses() {
  const [open, setOpen] = useState(false);
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  /** where a run that stopped on an error left off: the next one goes on from there, not from the start */
  const [resumeAfter, setResumeAfter] = useState(0);
  const online = useOnline();

  async function run() {
    setRunning(true);
    setResult(null);
    let p: Progress = { sent: 0, failed: 0, done: 0, total: null };
    setProgress(p);
    let after = resumeAfter;
    try {
      for (;;) {
        const batch = await sendPassBatch(after);
        // done counts from the list's start: a run that goes on after an error does not start at 0 of all
        p = { sent: p.sent + batch.sent, failed: p.failed + batch.failed, done: batch.total - batch.remaining, total: batch.total };
        setProgress(p);
        after = batch.last_id;
        if (batch.remaining === 0 || batch.sent + batch.failed === 0) break;
      }
      setResult({
        kind: p.failed ? 'error' : 'success',
        text: `Sent ${p.sent} check-in ${p.sent === 1 ? 'pass' : 'passes'}${p.failed ? `; ${p.failed} could not be sent (try again later)` : ''}.`,
      });
      setResumeAfter(0);
    } catch (e) {
      setResumeAfter(after);
      setResult({
        kind: 'error',
        text: `${errorMessage(e, 'The passes could not be sent.')} ${p.sent} were sent before it stopped; sending again goes on from there.`,
      });
    } finally {
      setOpen(false); // the result shows on the page, where the dialog was
      setRunning(false);
    }
  }

  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)} disabled={!online} title={online ? undefined : OFFLINE_REASON}>
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
            <Button onClick={() => void run()} busy={running} busyText="Sending...">
              Send to every active registration
            </Button>
          </>
        }
      >
        <p>Every active registration gets its check-in pass (the QR code to show at the desk) at its primary email.</p>
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
