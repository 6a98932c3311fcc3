/**
 * The router's error screen: a page that failed to render, or a page's code that could not be fetched
 * (offline before the app was ever opened online, or a deploy replaced the files).
 */
import { Link, isRouteErrorResponse, useRouteError } from 'react-router-dom';

export function RouteError() {
  const error = useRouteError();
  const chunkFailed =
    error instanceof Error && /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : chunkFailed
      ? navigator.onLine
        ? 'A newer version of the app is available. Reload to continue.'
        : 'This page is not available offline yet. Connect to the internet and try again.'
      : 'Something went wrong while showing this page.';
  if (!chunkFailed) console.error(error);
  return (
    <main className="page page-narrow" id="main">
      <section className="card" role="alert">
        <h1>Something went wrong</h1>
        <p>{message}</p>
        <p className="actions">
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Reload
          </button>
          <Link to="/" className="btn btn-secondary" reloadDocument>
            Return to Home
          </Link>
        </p>
      </section>
    </main>
  );
}
