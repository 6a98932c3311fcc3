/**
 * Importing the hotel's rooming list : choose a CSV → dry run (POST …/import?dryRun=true) →
 * preview with row-level errors → 'Import N rows' → the real import → this device's copy is refreshed
 * so the new bookings show below. Needs the network; offline it is disabled and says why.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { errorMessage, isRetryable } from '../../../lib/api-client';
import { syncNow } from '../../../offline/runtime';
import type { ImportResult } from '../../../../shared/schemas/hotel';
import { importRoomingList } from '../api/import-rooming-list';
import { hasRowsToShow, ImportPreview } from './import-preview';
import { csvText } from '../lib/csv-text';

type Phase = 'idle' | 'checking' | 'preview' | 'importing' | 'refreshing';

const PROGRESS_TEXT: Partial<Record<Phase, string>> = {
  checking: 'Checking the file...',
  importing: 'Importing...',
  refreshing: 'Updating the list...',
};

export function RoomingImport({ online }: { online: boolean }) {
  const inputId = useId();
  const hintId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  /** the last import's answer when it refused rows or warned of some: they stay on screen, or they would be lost unseen */
  const [refused, setRefused] = useState<ImportResult | null>(null);
  /** the import itself failed: said under its button (the preview above it can be hundreds of rows) */
  const [importError, setImportError] = useState<string | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const importErrorRef = useRef<HTMLDivElement>(null);
  // the Import button went with the preview: the keyboard moves to what the import did
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);
  useEffect(() => {
    if (importError) importErrorRef.current?.scrollIntoView({ block: 'nearest' });
  }, [importError]);

  const reset = () => {
    setFile(null);
    setPreview(null);
    setImportError(null);
    setPhase('idle');
    if (fileRef.current) fileRef.current.value = '';
  };

  const onFile = async (f: File | undefined) => {
    setError(null);
    setImportError(null);
    setDone(null);
    setRefused(null);
    setPreview(null);
    if (!f) return reset();
    setPhase('checking');
    try {
      const text = csvText(await f.arrayBuffer());
      setFile({ name: f.name, text });
      setPreview(await importRoomingList(text, { dryRun: true }));
      setPhase('preview');
    } catch (e) {
      setError(errorMessage(e, 'Failed to read the rooming list'));
      setPhase('idle');
      // the corrected file, saved under the same name, must be a new choice (no change event otherwise)
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const onImport = async () => {
    if (!file || !preview) return;
    setError(null);
    setImportError(null);
    setPhase('importing');
    try {
      const result = await importRoomingList(file.text, { dryRun: false });
      setPhase('refreshing');
      await syncNow();
      setDone(
        `Imported ${result.valid} row${result.valid === 1 ? '' : 's'} from ${file.name}: ${result.created} new, ${result.updated} updated, ${result.unchanged} unchanged.`,
      );
      setRefused(hasRowsToShow(result) ? result : null);
      reset();
    } catch (e) {
      // no answer (or a server failing): the rows may have been saved before the answer was lost
      const unknown = isRetryable(e)
        ? ' It may have been saved before the answer was lost: importing again leaves the rows already saved unchanged.'
        : '';
      setImportError(`${errorMessage(e, 'Failed to import the rooming list.')}${unknown}`);
      setPhase('preview');
    }
  };

  const busy = phase === 'checking' || phase === 'importing' || phase === 'refreshing';
  const progress = PROGRESS_TEXT[phase];

  return (
    <section className="card rooming-import" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>Import Rooming List</h2>
      <p className="note">
        A CSV from the hotel with guest name, confirmation number, room type, room number, check-in, check-out, nights, VIP and notes.
        Re-importing the same confirmation numbers updates those bookings.
      </p>
      <div className="field">
        <label htmlFor={inputId}>Rooming list (CSV)</label>
        <input
          ref={fileRef}
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          disabled={!online || busy}
          aria-describedby={!online ? hintId : undefined}
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
        {!online && (
          <p id={hintId} className="field-hint">
            Importing needs a connection: you are offline.
          </p>
        )}
      </div>
      {progress && (
        <div className="import-progress" role="status">
          <progress aria-label={progress} />
          <span>{progress}</span>
        </div>
      )}
      {error && <Alert kind="error">{error}</Alert>}
      {done && (
        <Alert ref={doneRef} kind="success">
          {done}
        </Alert>
      )}
      {refused && phase === 'idle' && <ImportPreview result={refused} leftOut />}
      {preview && file && (phase === 'preview' || phase === 'importing') && (
        <>
          <ImportPreview result={preview} />
          <div className="actions">
            <Button
              onClick={() => void onImport()}
              disabled={preview.valid === 0 || !online}
              busy={phase === 'importing'}
              busyText="Importing..."
            >
              Import {preview.valid} row{preview.valid === 1 ? '' : 's'}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                reset();
                // the preview and this button go: back to the file choice
                fileRef.current?.focus();
              }}
              disabled={phase === 'importing'}
            >
              Cancel
            </Button>
          </div>
          {/* beside the button pressed, not above a long preview */}
          {importError && (
            <Alert ref={importErrorRef} kind="error">
              {importError}
            </Alert>
          )}
        </>
      )}
    </section>
  );
}
