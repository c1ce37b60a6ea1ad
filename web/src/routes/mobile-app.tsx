import { useEffect } from 'react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { PublicLayout } from '../features/layout/PublicLayout';
import { mobilePlatform, openInstalledApp, STORE_LINKS } from '../features/mobileApp/stores';
import { useInstall } from '../features/mobileApp/installPrompt';
import { Icon } from '../features/icons/Icon';
import { pageTitle } from '../features/layout/documentTitle';

export const Route = createFileRoute('/mobile-app')({
  head: () => pageTitle('Mobile app'),
  component: MobileAppPage,
});

function MobileAppPage() {
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
        <h1 id="mobile-app-title">Vessel Link on your phone</h1>
        <p>
          Check your vessel, get alerts and switch devices on board from the Vessel Link app for Android and iOS.
          {platform ? ' Opening the app…' : ''}
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
            Or install Vessel Link from this browser: it opens like an app, works without a network with the last known values and shows alarms as
            notifications.{' '}
            <button type="button" className="button" onClick={() => void install()}>
              Install
            </button>
          </p>
        ) : null}
        <Link to="/" className="button button--primary">
          Return to Home
        </Link>
      </section>
    </PublicLayout>
  );
}
