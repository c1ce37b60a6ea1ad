import { useEffect } from 'react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../features/layout/PublicLayout';
import { mobilePlatform, openInstalledApp, STORE_LINKS } from '../features/mobileApp/stores';
import { useInstall } from '../features/mobileApp/installPrompt';
import { Icon } from '../features/icons/Icon';
import { pageTitle } from '../features/layout/documentTitle';
import { i18n } from '../i18n';

export const Route = createFileRoute('/mobile-app')({
  head: () => pageTitle(i18n.t('common:titles.mobileApp')),
  component: MobileAppPage,
});

function MobileAppPage() {
  const { t } = useTranslation();
  const platform = mobilePlatform(navigator.userAgent);

  const install = useInstall();

  useEffect(() => {
    if (!platform) return;
    // If the app is installed the deep link leaves the page; otherwise the store opens.
    return openInstalledApp(platform, {
      go: (url) => window.location.assign(url),
      schedule: (callback, delayMs) => {
        const timer = window.setTimeout(callback, delayMs);
        return () => window.clearTimeout(timer);
      },
    });
  }, [platform]);

  return (
    <PublicLayout>
      <section className="card mobile-app" aria-labelledby="mobile-app-title">
        <h1 id="mobile-app-title">{t('mobileApp.title')}</h1>
        <p>
          {t('mobileApp.lead')}
          {platform ? ` ${t('mobileApp.opening')}` : ''}
        </p>
        <div className="store-links">
          <a className="store-link" href={STORE_LINKS.android.url} rel="noopener">
            <Icon name="phone" /> {STORE_LINKS.android.label}
          </a>
          <a className="store-link" href={STORE_LINKS.ios.url} rel="noopener">
            <Icon name="phone" /> {STORE_LINKS.ios.label}
          </a>
        </div>
        {install ? (
          <p>
            {t('mobileApp.installHint')}{' '}
            <button type="button" className="button" onClick={() => void install()}>
              {t('mobileApp.install')}
            </button>
          </p>
        ) : null}
        <Link to="/" className="button button--primary">
          {t('public.returnHome')}
        </Link>
      </section>
    </PublicLayout>
  );
}
