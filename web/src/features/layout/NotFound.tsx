import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import './public.css';

export function NotFound({ inDashboard = false }: { inDashboard?: boolean }) {
  const { t } = useTranslation('layout');
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      {inDashboard ? (
        <Link to="/dashboard" className="button button--primary">
          {t('notFound.backToFleet')}
        </Link>
      ) : (
        <Link to="/" className="button button--primary">
          {t('notFound.home')}
        </Link>
      )}
    </section>
  );
}
