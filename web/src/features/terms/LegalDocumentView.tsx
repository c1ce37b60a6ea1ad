import { useTranslation } from 'react-i18next';
import { useLocale } from '../../i18n';
import { formatDate } from '../../lib/dates';
import type { LegalBlock, LegalDocument, LegalSection } from './types';
import './terms.css';

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') return <p>{block}</p>;
  return (
    <ul>
      {block.list.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

function Section({ section, level }: { section: LegalSection; level: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={`legal__section legal__section--${level}`}>
      <Heading>
        <span className="legal__number">{section.number}</span> {section.heading}
      </Heading>
      {section.blocks.map((block, index) => (
        <Block key={index} block={block} />
      ))}
      {section.sections?.map((child) => (
        <Section key={child.number} section={child} level={3} />
      ))}
    </section>
  );
}

export function LegalDocumentView({ document }: { document: LegalDocument }) {
  const { t, i18n } = useTranslation('terms');
  // The legal texts are the legal seed's, in English, until a translated text exists (docs/decisions.md, "Languages").
  const inEnglishOnly = i18n.resolvedLanguage !== 'en';
  const locale = useLocale();
  return (
    <article className="legal" lang="en">
      {inEnglishOnly ? (
        <p className="legal__updated" role="note" lang={i18n.resolvedLanguage} data-testid="legal-english-only">
          {t('englishOnly')}
        </p>
      ) : null}
      <h2 className="legal__title">{document.title}</h2>
      {document.lastUpdated ? (
        // The screen's words in the reader's language; the date of the revision in UTC, as the legal seed states it.
        <p className="legal__updated" lang={i18n.resolvedLanguage}>
          {t('lastUpdated', { date: formatDate(document.lastUpdated, { locale }) })}
        </p>
      ) : null}
      {document.preamble.map((block, index) => (
        <Block key={index} block={block} />
      ))}
      {document.sections.map((section) => (
        <Section key={section.number} section={section} level={2} />
      ))}
      {document.endNotice ? (
        <p className="legal__end" role="note">
          {document.endNotice}
        </p>
      ) : null}
    </article>
  );
}
