import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../features/layout/PublicLayout';
import { LoginForm } from '../features/session/LoginForm';
import { isAuthenticated, safeRedirectTarget } from '../features/session/guards';
import { sessionKeys } from '../features/session/queries';
import type { SessionUser } from '../features/session/types';
import { pageTitle } from '../features/layout/documentTitle';
import { i18n } from '../i18n';

interface LandingSearch {
  redirect?: string;
}

export const Route = createFileRoute('/')({
  head: () => pageTitle(i18n.t('common:titles.signIn')),
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

/** The landing page's features: `landing.features.<feature>.title` and `.text`. */
const FEATURES = ['fleet', 'live', 'control', 'alerts'] as const;

function LandingPage() {
  const { t } = useTranslation();
  return (
    <PublicLayout wide>
      <div className="landing">
        <section className="landing__hero" aria-labelledby="landing-title">
          <h1 id="landing-title">{t('landing.title')}</h1>
          <p className="landing__lead">{t('landing.lead')}</p>
          <ul className="landing__features">
            {FEATURES.map((feature) => (
              <li key={feature}>
                <strong>{t(`landing.features.${feature}.title`)}</strong>
                <span>{t(`landing.features.${feature}.text`)}</span>
              </li>
            ))}
          </ul>
          <Link to="/mobile-app" className="button">
            {t('landing.mobileApp')}
          </Link>
        </section>
        <LoginForm />
      </div>
    </PublicLayout>
  );
}
