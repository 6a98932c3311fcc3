/**
 * A visitor's flight page that could not reach the server (no signal, or a server down for a moment):
 * the page's own failure as the title, what to do, and Try Again. The page also tries again by itself
 * when the signal returns (useRetryWhenOnline); nothing typed is lost (use-flight-form.ts keeps it).
 */
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { ApiError } from '../../../lib/api-client';

/** What went wrong, in the visitor's words: no answer at all (the signal), or a server that failed for a moment. */
export function unreachableText(error: unknown): string {
  return error instanceof ApiError && error.status >= 500
    ? 'The server could not answer just now. Please try again in a moment.'
    : 'The server could not be reached. Check your connection and try again.';
}

export function UnreachablePanel({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <div className="visitor-page">
      <div className="card">
        <h1>Flight Information</h1>
        <Alert kind="warning" title={title}>
          {unreachableText(error)}
        </Alert>
        <Button onClick={onRetry}>Try Again</Button>
      </div>
    </div>
  );
}
