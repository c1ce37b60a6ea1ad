import { useTranslation } from 'react-i18next';

/**
 * What a route shows in place while its loader runs. The router shows it only after 1 s and
 * then for at least 1 s (app/router.ts), the loading rule of spec 4.
 */
export function RoutePending() {
  const { t } = useTranslation('loading');
  return (
    <div className="inline-loading" role="status">
      <span className="spinner spinner--small" aria-hidden="true" />
      <span>{t('pending')}</span>
    </div>
  );
}
