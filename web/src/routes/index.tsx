import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { PublicLayout } from '../features/layout/PublicLayout';
import { LoginForm } from '../features/session/LoginForm';
import { isAuthenticated, safeRedirectTarget } from '../features/session/guards';
import { sessionKeys } from '../features/session/queries';
import type { SessionUser } from '../features/session/types';
import { pageTitle } from '../features/layout/documentTitle';

interface LandingSearch {
  redirect?: string;
}

export const Route = createFileRoute('/')({
  head: () => pageTitle('Sign in'),
  validateSearch: (search: Record<string, unknown>): LandingSearch => (typeof search.redirect === 'string' ? { redirect: search.redirect } : {}),
  beforeLoad: async ({ context, search }) => {
    if (await isAuthenticated(context.session)) {
      // A platform administrator's home is the admin overview, not an (empty) fleet.
      const user = context.queryClient.getQueryData<SessionUser>(sessionKeys.user);
      throw redirect({ href: search.redirect ? safeRedirectTarget(search.redirect) : user?.isAdmin ? '/dashboard/admin' : '/dashboard' });
    }
  },
  component: LandingPage,
});

const FEATURES = [
  { title: 'Your fleet at a glance', text: 'Every vessel with its online state, last contact and alerts.' },
  { title: 'Live from the bridge', text: 'Batteries, tanks, engines, climate and position as they change on board.' },
  { title: 'Control from anywhere', text: 'Switch lights, dim, open shades and set the climate remotely.' },
  { title: 'Alerts and geofence', text: 'Be told when a level, a value or the anchor position is out of range.' },
];

function LandingPage() {
  return (
    <PublicLayout wide>
      <div className="landing">
        <section className="landing__hero" aria-labelledby="landing-title">
          <h1 id="landing-title">Your yacht, connected.</h1>
          <p className="landing__lead">
            Vessel Link monitors and controls the devices on board through the bridge, and keeps owners, crew and their service partners in touch with the
            vessel wherever they are.
          </p>
          <ul className="landing__features">
            {FEATURES.map((feature) => (
              <li key={feature.title}>
                <strong>{feature.title}</strong>
                <span>{feature.text}</span>
              </li>
            ))}
          </ul>
          <Link to="/mobile-app" className="button">
            Get the mobile app
          </Link>
        </section>
        <LoginForm />
      </div>
    </PublicLayout>
  );
}
