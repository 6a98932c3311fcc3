/**
 * /test (docs/product.md#screens, `/test`): what a greeter or admin can show support when the
 * app misbehaves: is the browser online, does /api/health answer, how fast, and what it said.
 */
import { Button } from '../../components/button';
import { useBackendStatus } from '../../lib/backend-status';
import { formatDateTime } from '../../lib/format';
import { useOnline } from '../../lib/use-online';

export default function NetworkTestPage() {
  const online = useOnline();
  const { state, result, refetch, isFetching } = useBackendStatus(30_000);
  const controlled = typeof navigator !== 'undefined' && !!navigator.serviceWorker?.controller;

  return (
    <div className="page page-narrow">
      <h1>Network Connection Test</h1>
      <section className="card">
        <dl className="details">
          <div>
            <dt>Browser</dt>
            <dd data-testid="browser-status">{online ? 'Online' : 'Offline'}</dd>
          </div>
          <div>
            <dt>Server</dt>
            <dd data-testid="server-status">{state === 'checking' ? 'Checking...' : state === 'online' ? 'Reachable' : 'Not reachable'}</dd>
          </div>
          <div>
            <dt>Latency</dt>
            <dd data-testid="latency">{result ? `${result.latencyMs} ms` : '—'}</dd>
          </div>
          <div>
            <dt>HTTP status</dt>
            <dd>{result ? (result.status === 0 ? 'no answer' : result.status) : '—'}</dd>
          </div>
          <div>
            <dt>Last checked</dt>
            <dd>{result ? formatDateTime(result.checkedAt) : '—'}</dd>
          </div>
          <div>
            <dt>Works offline</dt>
            <dd>{controlled ? 'Yes (app installed in this browser)' : 'Not yet (open the app once while online)'}</dd>
          </div>
        </dl>
        <Button onClick={() => void refetch()} busy={isFetching} busyText="Testing...">
          Test Again
        </Button>
      </section>
      {result && (
        <section className="card">
          <h2>Health response (GET /api/health)</h2>
          <pre className="code" aria-label="Health response">
            {typeof result.body === 'string' ? result.body : JSON.stringify(result.body, null, 2)}
          </pre>
        </section>
      )}
    </div>
  );
}
