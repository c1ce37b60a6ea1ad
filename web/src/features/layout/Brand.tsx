import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { currentEnvironmentLabel } from '../../lib/env';

export function EnvironmentBadge() {
  const { t } = useTranslation('layout');
  const label = currentEnvironmentLabel();
  if (!label) return null;
  return (
    <span className={`env-badge env-badge--${label.toLowerCase()}`} title={t('environment')}>
      {label}
    </span>
  );
}

export function Brand({ to = '/' }: { to?: '/' | '/dashboard' }) {
  const { t } = useTranslation('layout');
  return (
    <Link to={to} className="brand" aria-label={t('home')}>
      <svg viewBox="0 0 64 64" width="28" height="28" aria-hidden="true">
        <path d="M14 40h36l-6 10H20z" fill="var(--color-accent)" />
        <path d="M31 12v26H16z" fill="currentColor" />
        <path d="M34 18v20h12z" fill="currentColor" opacity="0.6" />
      </svg>
      <span className="brand__name">
        Vessel <strong>Link</strong>
      </span>
      <EnvironmentBadge />
    </Link>
  );
}
