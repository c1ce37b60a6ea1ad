import { describe, expect, it } from 'vitest';
import { termsDocument } from '../../web/src/features/terms/documents';
import { i18n } from '../../web/src/i18n';
import { matchTermsTab, TERMS_TABS } from '../../web/src/features/terms/tabs';
import type { LegalBlock, LegalDocument, LegalSection } from '../../web/src/features/terms/types';

function textOf(document: LegalDocument): string {
  const blockText = (block: LegalBlock) => (typeof block === 'string' ? block : block.list.join(' '));
  const sectionText = (section: LegalSection): string =>
    [section.number, section.heading, ...section.blocks.map(blockText), ...(section.sections ?? []).map(sectionText)].join(' ');
  return [document.title, ...document.preamble.map(blockText), ...document.sections.map(sectionText), document.endNotice ?? ''].join(' ');
}

describe('terms tab matching', () => {
  it('opens EULA when no code is given', () => {
    expect(matchTermsTab(undefined)).toEqual({ tab: 'EULA', unknownCode: false });
    expect(matchTermsTab('')).toEqual({ tab: 'EULA', unknownCode: false });
  });

  it('matches the code ignoring case', () => {
    expect(matchTermsTab('privacy-policy')).toEqual({ tab: 'PRIVACY-POLICY', unknownCode: false });
    expect(matchTermsTab('Dpa')).toEqual({ tab: 'DPA', unknownCode: false });
    expect(matchTermsTab('eula')).toEqual({ tab: 'EULA', unknownCode: false });
  });

  it('shows EULA with a notice for an unknown code', () => {
    expect(matchTermsTab('cookies')).toEqual({ tab: 'EULA', unknownCode: true });
  });

  it('has the three tabs in order, with the heading and banner of the specification', () => {
    expect(TERMS_TABS.map((tab) => tab.code)).toEqual(['EULA', 'PRIVACY-POLICY', 'DPA']);
    expect(TERMS_TABS.map((tab) => tab.label)).toEqual(['End User Licence Agreement', 'Privacy Policy', 'Data Processing Agreement']);
    expect(i18n.t('terms:page.heading')).toBe('Terms of Use');
    expect(i18n.t('terms:page.banner')).toBe('By using this site or any LINK Services you are agreeing to the terms and conditions outlined below.');
  });
});

describe('legal texts', () => {
  const eula = textOf(termsDocument('EULA'));
  const privacy = textOf(termsDocument('PRIVACY-POLICY'));
  const dpa = textOf(termsDocument('DPA'));

  it('structures the EULA into parts A to D and stops inside D', () => {
    expect(termsDocument('EULA').sections.map((section) => section.number)).toEqual(['A', 'B', 'C', 'D']);
    expect(termsDocument('EULA').endNotice).toMatch(/ends here, inside section D/);
  });

  it.each([
    ['test period', /7 days/],
    ['initial and renewal term', /initial term of 12 months[\s\S]*further 12 months/],
    ['non-renewal notice', /notice of non-renewal at least 28 days/],
    ['change notice and objection', /at least 28 days before it takes effect\. The customer may object within 15 days/],
    ['price change notice and objection', /at least 28 days’ notice\. The customer may object within 14 days/],
    ['payment cure period', /cure period of 15 days/],
    ['quotation acceptance', /within 21 days/],
    ['defect claims', /expire 12 months/],
    ['support after withdrawal', /6 months after the withdrawal/],
    ['hourly rate', /GBP 100 an hour/],
    ['liability cap', /higher of 100% of the fees[\s\S]*GBP 1,500/],
    ['free cloud access', /no liability for free cloud access/],
    ['governing law', /English law/],
    ['bridge fuse', /fuse rated at 3A/],
    ['HIPAA', /HIPAA[\s\S]*must not use the LINK Services/],
    ['the provider', /"the provider"/],
  ])('states the %s in the EULA', (_subject, pattern) => {
    expect(eula).toMatch(pattern);
  });

  it('states the privacy figures', () => {
    expect(termsDocument('PRIVACY-POLICY').lastUpdated).toBe('2019-05-15');
    expect(privacy).toMatch(/card payment provider/);
    expect(privacy).toMatch(/edit your data are answered by e-mail within 28 days/);
    expect(privacy).toMatch(/erase your data are answered within up to one month/);
  });

  it('gives the DPA its sections and figures', () => {
    expect(termsDocument('DPA').sections.map((section) => section.heading)).toEqual([
      'Rights and obligations',
      'Subprocessors',
      'Changes',
      'Liability',
      'Data processing',
    ]);
    expect(dpa).toMatch(/at least 28 days[\s\S]*within 15 days/);
    expect(dpa).toMatch(/GBP 100 an hour/);
  });
});
