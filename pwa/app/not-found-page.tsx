/** Unknown routes inside the app. */
import { Link } from 'react-router-dom';

export default function NotFoundPage() {
  return (
    <div className="page page-narrow">
      <section className="card">
        <h1>Page not found</h1>
        <p>There is nothing at this address.</p>
        <Link to="/" className="btn btn-primary">
          Return to Home
        </Link>
      </section>
    </div>
  );
}
