/** A paragraph, or a bulleted list of short points. */
export type LegalBlock = string | { list: string[] };

export interface LegalSection {
  /** "A", "A.3", "4" … shown before the heading. */
  number: string;
  heading: string;
  blocks: LegalBlock[];
  sections?: LegalSection[];
}

export interface LegalDocument {
  title: string;
  /** ISO date of the last revision, where the document states one. */
  lastUpdated?: string;
  preamble: LegalBlock[];
  sections: LegalSection[];
  /** Shown where the available text ends before the document does. */
  endNotice?: string;
}
