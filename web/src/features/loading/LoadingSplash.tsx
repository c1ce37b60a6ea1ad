import { useTranslation } from 'react-i18next';
import { UI_VERSION } from '../../lib/env';

/** Shown while the app starts and while a route's data loads for the first time. */
export function LoadingSplash({ label }: { label?: string }) {
  const { t } = useTranslation('loading');
  return (
    <div className="splash" role="status" aria-live="polite">
      <div className="splash__logo" aria-hidden="true">
        <svg viewBox="0 0 64 64" width="72" height="72">
          <path d="M14 40h36l-6 10H20z" fill="var(--color-accent)" />
          <path d="M31 12v26H16z" fill="currentColor" />
          <path d="M34 18v20h12z" fill="currentColor" opacity="0.6" />
        </svg>
      </div>
      <div className="spinner" aria-hidden="true" />
      <span className="splash__label">{t('splash.label', { label: label ?? t('splash.loading') })}</span>
      <span className="splash__version">{t('splash.version', { version: UI_VERSION })}</span>
    </div>
  );
}
