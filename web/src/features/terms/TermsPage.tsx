import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RenderErrorBoundary } from '../errors/RenderErrorBoundary';
import { termsDocument } from './documents';
import { LegalDocumentView } from './LegalDocumentView';
import { TERMS_TABS, type TermsTabCode } from './tabs';
import './terms.css';

interface TermsPageProps {
  tab: TermsTabCode;
  /** The code from the URL when it named no tab. */
  unknownCode?: string | null;
  onSelect: (tab: TermsTabCode) => void;
  /** "Closing returns to the root" when a tab fails to render. */
  onCloseFailure: () => void;
}

export function TermsPage({ tab, unknownCode, onSelect, onCloseFailure }: TermsPageProps) {
  const { t } = useTranslation('terms');
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + TERMS_TABS.length) % TERMS_TABS.length;
    tabRefs.current[next]?.focus();
    onSelect(TERMS_TABS[next].code);
  };

  return (
    <div className="terms">
      <h1>{t('page.heading')}</h1>
      <p className="banner banner--general" role="note">
        {t('page.banner')}
      </p>
      {unknownCode ? (
        <p className="notice" role="status">
          {t('page.unknown', { code: unknownCode })}
        </p>
      ) : null}
      <div className="tabs tabs--wrap" role="tablist" aria-label={t('page.tabs')}>
        {TERMS_TABS.map((entry, index) => (
          <button
            key={entry.code}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`terms-tab-${entry.code}`}
            aria-controls="terms-panel"
            aria-selected={entry.code === tab}
            tabIndex={entry.code === tab ? 0 : -1}
            className={`tabs__tab${entry.code === tab ? ' is-selected' : ''}`}
            onClick={() => onSelect(entry.code)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {entry.label}
          </button>
        ))}
      </div>
      <div className="tabs__panel" role="tabpanel" id="terms-panel" aria-labelledby={`terms-tab-${tab}`} tabIndex={0}>
        <RenderErrorBoundary key={tab} failure={{ kind: 'tab', name: tab }} onClose={onCloseFailure}>
          <LegalDocumentView document={termsDocument(tab)} />
        </RenderErrorBoundary>
      </div>
    </div>
  );
}
