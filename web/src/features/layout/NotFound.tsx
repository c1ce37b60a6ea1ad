import { Link } from '@tanstack/react-router';
import './public.css';

export function NotFound({ inDashboard = false }: { inDashboard?: boolean }) {
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      {inDashboard ? (
        <Link to="/dashboard" className="button button--primary">
          Back to the fleet
        </Link>
      ) : (
        <Link to="/" className="button button--primary">
          Return to Home
        </Link>
      )}
    </section>
  );
}
