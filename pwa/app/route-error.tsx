/**
 * The error screen: a page that failed to render, or a page's code that could not be fetched (offline
 * before the app was ever opened online, or a deploy replaced the files). Shown by RouteErrorBoundary
 * in place of every screen; a navigation to another path tries again.
 */
import { Component, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

export function RouteError({ error }: { error: unknown }) {
  const chunkFailed =
    error instanceof Error && /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);
  const message = chunkFailed
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

/** Catches what a screen throws while rendering (a lazy page's chunk that failed to load included). */
export class RouteErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean; error: unknown }> {
  state = { failed: false, error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  componentDidUpdate(prev: { resetKey: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false, error: undefined });
  }

  render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
