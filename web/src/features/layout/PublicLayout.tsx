import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { UI_VERSION } from '../../lib/env';
import { Brand } from './Brand';
import { ThemeToggle } from './ThemeToggle';
import './public.css';

/** The frame of the pages people see before signing in. */
export function PublicLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation('layout');
  return (
    <div className="public">
      <header className="public__header">
        <Brand />
        <nav className="public__nav" aria-label={t('public.site')}>
          <Link to="/mobile-app">{t('public.mobileApp')}</Link>
          <Link to="/terms">{t('public.terms')}</Link>
          <ThemeToggle />
        </nav>
      </header>
      <main className={`public__main${wide ? ' public__main--wide' : ''}`} id="main">
        {children}
      </main>
      <footer className="public__footer">
        <span>{t('public.copyright')}</span>
        <Link to="/terms/$tabCode" params={{ tabCode: 'PRIVACY-POLICY' }}>
          {t('public.privacy')}
        </Link>
        <span>{t('version', { version: UI_VERSION })}</span>
      </footer>
    </div>
  );
}
