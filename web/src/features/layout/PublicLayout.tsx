import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { UI_VERSION } from '../../lib/env';
import { Brand } from './Brand';
import { ThemeToggle } from './ThemeToggle';
import './public.css';

/** The frame of the pages people see before signing in. */
export function PublicLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="public">
      <header className="public__header">
        <Brand />
        <nav className="public__nav" aria-label="Site">
          <Link to="/mobile-app">Mobile app</Link>
          <Link to="/terms">Terms</Link>
          <ThemeToggle />
        </nav>
      </header>
      <main className={`public__main${wide ? ' public__main--wide' : ''}`} id="main">
        {children}
      </main>
      <footer className="public__footer">
        <span>© Vessel Link</span>
        <Link to="/terms/$tabCode" params={{ tabCode: 'PRIVACY-POLICY' }}>
          Privacy Policy
        </Link>
        <span>Version {UI_VERSION}</span>
      </footer>
    </div>
  );
}
