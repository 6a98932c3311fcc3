/**
 * A visitor's flight page that could not reach the server (no signal, or a server down for a moment):
 * the page's own failure as the title, what to do, and Try Again. The page also tries again by itself
 * when the signal returns (useRetryWhenOnline); nothing typed is lost (use-flight-form.ts keeps it).
 */
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';

export function UnreachablePanel({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <div className="visitor-page">
      <div className="card">
        <h1>Flight Information</h1>
        <Alert kind="warning" title={title}>
          The server could not be reached. Check your connection and try again.
        </Alert>
        <Button onClick={onRetry}>Try Again</Button>
      </div>
    </div>
  );
}
