/**
 * 'Request Flight Info' for the whole current filter. It asks first in a dialog that says exactly who
 * gets the mail (active registrations of the filter; by default only those without flight information)
 * and shows the mail; then sends in batches of BATCH_SIZE (one call each) so a progress bar can show
 * 'Sending… {done} of {total}', then the counts: sent, and skipped because they were asked within the
 * last 24 hours. One click never mails everyone.
 */
import { useEffect, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { errorMessage } from '../../../lib/api-client';
import type { RegistrationFilterValues } from '../api/get-registrations';
import {
  previewFlightInfoBulk,
  useRequestFlightInfoBulk,
  type BulkFlightInfoPreview,
  type BulkFlightInfoResult,
} from '../api/request-flight-info-bulk';

/** The batches added up; `elsewhere`: left by this run, asked meanwhile by another (another admin, another tab) or gone from the list. */
type BulkOutcome = BulkFlightInfoResult & { elsewhere?: number };

export function bulkResultText(r: BulkOutcome): string {
  const parts = [`Flight info request sent to ${r.sent} of ${r.total} registration${r.total === 1 ? '' : 's'}.`];
  if (r.elsewhere) parts.push(`${r.elsewhere} not sent by this run: asked meanwhile from another screen, or no longer in the list.`);
  if (r.skipped_recent) parts.push(`${r.skipped_recent} skipped (asked within the last 24 hours).`);
  if (r.failed) {
    const named = (r.failed_registrations ?? []).map((f) => `${f.registration_number} (${f.name})`);
    parts.push(`${r.failed} could not be sent${named.length ? `: ${named.join(', ')}` : ''}. Try again later, or ask the family by phone.`);
  }
  return parts.join(' ');
}

const BATCH_SIZE = 10;

/**
 * Adds up the batches. Those sent by an earlier batch count as 'recent' in the later ones, so the
 * skipped count is the first call's; a registration whose mail failed is retried by the next batch,
 * so the failures are the last call's (plus, when a batch sent nothing, those never tried).
 */
export function combineBatches(batches: BulkFlightInfoResult[], stoppedEarly: boolean): BulkOutcome {
  const first = batches[0];
  const last = batches[batches.length - 1];
  const sent = batches.reduce((n, b) => n + b.sent, 0);
  const failed = last.failed + (stoppedEarly ? (last.remaining ?? 0) : 0);
  return {
    sent,
    skipped_recent: first.skipped_recent,
    failed,
    failed_registrations: last.failed_registrations,
    total: first.total,
    elsewhere: Math.max(0, first.total - first.skipped_recent - sent - failed),
  };
}

/**
 * After a batch: 'more' to ask for the next, 'done', or 'stuck' when asking again would fail the same way
 * for ever (a batch that sent nothing, with failures, or with no fewer left than the batch before). A
 * batch whose families another run mailed meanwhile (another admin, another tab) sends nothing and fails
 * nothing, and fewer are left: not stuck.
 */
export function nextStep(batches: BulkFlightInfoResult[]): 'more' | 'done' | 'stuck' {
  const last = batches[batches.length - 1];
  const remaining = last.remaining ?? 0;
  if (remaining === 0) return 'done';
  if (last.sent > 0) return 'more';
  const before = batches.length > 1 ? (batches[batches.length - 2].remaining ?? 0) : Infinity;
  return last.failed > 0 || remaining >= before ? 'stuck' : 'more';
}

export interface BulkFlightRequestProps {
  filters: RegistrationFilterValues;
  /** how many registrations the filter shows (the server sends only to the active ones among them) */
  matching: number;
  disabled?: boolean;
  onDone: (kind: 'success' | 'error', text: string) => void;
}

export function BulkFlightRequest({ filters, matching, disabled, onDone }: BulkFlightRequestProps) {
  const bulk = useRequestFlightInfoBulk();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [asking, setAsking] = useState(false);
  // by default only the registrations still without flight information (unless the list filters flights)
  const [onlyMissing, setOnlyMissing] = useState(true);
  const target: RegistrationFilterValues = !filters.flights && onlyMissing ? { ...filters, flights: 'missing' } : filters;
  const [preview, setPreview] = useState<BulkFlightInfoPreview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const targetKey = JSON.stringify(target);

  useEffect(() => {
    if (!asking) return;
    let live = true;
    setPreview(null);
    setPreviewError(null);
    previewFlightInfoBulk(JSON.parse(targetKey) as RegistrationFilterValues).then(
      (p) => live && setPreview(p),
      (e) => live && setPreviewError(errorMessage(e, 'Failed to prepare the flight info request')),
    );
    return () => {
      live = false;
    };
  }, [asking, targetKey]);

  /** `recipients`: the dialog's count of who will get the mail; the progress counts those sent of them */
  async function run(filters: RegistrationFilterValues, recipients: number) {
    const batches: BulkFlightInfoResult[] = [];
    setProgress({ done: 0, total: recipients });
    try {
      for (;;) {
        const r = await bulk.mutateAsync({ filters, limit: BATCH_SIZE });
        batches.push(r);
        // the skipped (asked within 24 hours) were never to be sent: neither done nor in the total
        const total = batches[0].total - batches[0].skipped_recent;
        setProgress({
          done: Math.min(
            total,
            batches.reduce((n, b) => n + b.sent, 0),
          ),
          total,
        });
        const step = nextStep(batches);
        if (step !== 'more') {
          const result = combineBatches(batches, step === 'stuck');
          // a mail not sent is said as a failure, not among successes
          onDone(result.failed ? 'error' : 'success', bulkResultText(result));
          return;
        }
      }
    } catch (e) {
      const text = errorMessage(e, 'Failed to send flight info request');
      // two sentences: the failure (the spec's, without its own full stop), then what was done
      onDone(
        'error',
        batches.length ? `${/[.!?]$/.test(text) ? text : `${text}.`} ${bulkResultText(combineBatches(batches, true))}` : text,
      );
    } finally {
      setProgress(null);
    }
  }

  const busy = progress !== null;
  const recipients = preview?.recipients ?? 0;
  return (
    <>
      <Button
        variant="secondary"
        busy={busy}
        busyText="Sending requests..."
        disabled={disabled || matching === 0}
        onClick={() => setAsking(true)}
      >
        Request Flight Info
      </Button>
      <Dialog
        open={asking}
        title="Request flight info"
        onClose={() => setAsking(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              Cancel
            </Button>
            <Button
              disabled={!preview || recipients === 0}
              onClick={() => {
                setAsking(false);
                void run(target, recipients);
              }}
            >
              {`Send to ${recipients} registration${recipients === 1 ? '' : 's'}`}
            </Button>
          </>
        }
      >
        {!filters.flights && (
          <label className="checkbox-line">
            <input type="checkbox" checked={onlyMissing} onChange={(e) => setOnlyMissing(e.target.checked)} /> Only registrations without
            flight information
          </label>
        )}
        {previewError && <Alert kind="error">{previewError}</Alert>}
        {!preview && !previewError && <p>Counting the recipients…</p>}
        {preview && (
          <>
            <p>
              {preview.recipients === 0
                ? 'No registration would get this email.'
                : `${preview.recipients} registration${preview.recipients === 1 ? '' : 's'} will get this email.`}{' '}
              {preview.skipped_recent > 0 && `${preview.skipped_recent} asked within the last 24 hours are skipped. `}
              {/* the list may show others (waiting, not yet confirmed): said, so the two counts are not a puzzle */}
              Only active registrations get it.
            </p>
            {preview.preview && (
              <>
                <p className="cell-small">
                  To {preview.preview.to}: {preview.preview.subject}
                </p>
                {/* a scrolling box the keyboard reaches (to scroll it): named, so it is not an unnamed stop */}
                <pre className="mail-preview" tabIndex={0} role="region" aria-label="Mail preview">
                  {preview.preview.text}
                </pre>
              </>
            )}
          </>
        )}
      </Dialog>
      {progress && (
        <span className="bulk-progress" role="status">
          <label htmlFor="bulk-flight-progress">
            Sending… {progress.done} of {progress.total}
          </label>{' '}
          <progress id="bulk-flight-progress" max={Math.max(progress.total, 1)} value={progress.done} />
        </span>
      )}
    </>
  );
}
