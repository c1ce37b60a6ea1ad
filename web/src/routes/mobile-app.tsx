import { useEffect } from 'react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { PublicLayout } from '../features/layout/PublicLayout';
import { APP_DEEP_LINK, mobilePlatform, STORE_LINKS, STORE_REDIRECT_DELAY_MS } from '../features/mobileApp/stores';
import { Icon } from '../features/icons/Icon';

export const Route = createFileRoute('/mobile-app')({
  component: MobileAppPage,
});

function MobileAppPage() {
  const platform = mobilePlatform(navigator.userAgent);

  useEffect(() => {
    if (!platform) return;
    // If the app is installed the deep link leaves the page; otherwise the store opens.
    window.location.href = APP_DEEP_LINK;
    const fallback = window.setTimeout(() => {
      window.location.href = STORE_LINKS[platform].url;
    }, STORE_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(fallback);
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
        <Link to="/" className="button button--primary">
          Return to Home
        </Link>
      </section>
    </PublicLayout>
  );
}
