import { dataProcessingAgreement } from './dataProcessingAgreement';
import { eula } from './eula';
import { privacyPolicy } from './privacyPolicy';
import type { TermsTabCode } from './tabs';
import type { LegalDocument } from './types';

const DOCUMENTS: Record<TermsTabCode, LegalDocument> = {
  EULA: eula,
  'PRIVACY-POLICY': privacyPolicy,
  DPA: dataProcessingAgreement,
};

export function termsDocument(code: TermsTabCode): LegalDocument {
  return DOCUMENTS[code];
}
