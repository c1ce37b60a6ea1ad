/**
 * The catalogues' checks (docs/i18n.md): every key of every namespace in every shipped language
 * (with each language's plural forms and the same placeholders), no key the sources never use,
 * and no user-facing text written into the web app's JSX outside the catalogues, except in the
 * folders listed as not yet translated. That list is a ratchet: it may only shrink, and a folder
 * on it that is in fact clean fails the test until it is taken off.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SHIPPED_LANGUAGES } from '../../web/src/i18n/languages';
import { MAIL_LANGUAGES, NAMESPACES } from '../../src/platform/i18n';

const ROOT = join(import.meta.dirname, '..', '..');
const WEB = join(ROOT, 'web', 'src');

/**
 * The parts of the web app whose screens still speak English only: a feature folder
 * (`features/<name>`) or a top-level folder or file of web/src. Translating one means moving its
 * words into `web/src/locales/<language>/<name>.json` and taking it off this list.
 */
const NOT_YET_TRANSLATED: string[] = [];

/**
 * The parts of web/src no user ever sees, left out of the scan for good (not a ratchet): the
 * /testing page (`features/testing`) is built only into the dev server and the end-to-end tests'
 * build; a production build folds `__VESSEL_LINK_TESTING_PAGE__` to false and drops the page
 * (web/vite.config.ts, docs/decisions.md "Web app"), so /testing is not found there. It is a bench
 * for the shared elements (toasts, dialogs, units) that developers and the browser tests drive,
 * in English, and its route's title stays English with it.
 */
const NOT_SHOWN_TO_USERS = ['features/testing'];

/** Words that are names, not text to translate. */
const NOT_TEXT = new Set(['Vessel', 'Link', 'Vessel Link']);

/** The attributes whose text a person reads or hears. */
const TEXT_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label']);

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Catalogue = Record<string, string>;

function flatten(value: unknown, prefix = '', into: Catalogue = {}): Catalogue {
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof inner === 'string') into[path] = inner;
    else flatten(inner, path, into);
  }
  return into;
}

/** `<root>/<language>/<namespace>.json`, flattened: language → namespace → key → text. */
function catalogues(root: string): Map<string, Map<string, Catalogue>> {
  const languages = new Map<string, Map<string, Catalogue>>();
  for (const language of readdirSync(root)) {
    const namespaces = new Map<string, Catalogue>();
    for (const file of readdirSync(join(root, language)).filter((name) => name.endsWith('.json'))) {
      namespaces.set(file.replace(/\.json$/, ''), flatten(JSON.parse(readFileSync(join(root, language, file), 'utf8'))));
    }
    languages.set(language, namespaces);
  }
  return languages;
}

const baseKey = (key: string) => key.replace(PLURAL_SUFFIX, '');
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1]).sort();
const pluralCategories = (language: string) => new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[];

/** What each language lacks or has too many of, against English. */
function parityProblems(all: Map<string, Map<string, Catalogue>>, languages: readonly string[]): string[] {
  const problems: string[] = [];
  const english = all.get('en')!;
  for (const language of languages) {
    const mine = all.get(language);
    if (!mine) {
      problems.push(`${language}: no catalogues at all`);
      continue;
    }
    for (const namespace of new Set([...english.keys(), ...mine.keys()])) {
      const source = english.get(namespace);
      const target = mine.get(namespace);
      if (!source || !target) {
        problems.push(`${language}/${namespace}.json: ${source ? 'missing' : 'not in English'}`);
        continue;
      }
      const plural = new Set(
        Object.keys(source)
          .filter((key) => PLURAL_SUFFIX.test(key))
          .map(baseKey),
      );
      const expected = new Set<string>();
      for (const key of Object.keys(source)) {
        if (!plural.has(baseKey(key))) expected.add(key);
      }
      for (const base of plural) for (const category of pluralCategories(language)) expected.add(`${base}_${category}`);
      for (const key of expected) if (!(key in target)) problems.push(`${language}/${namespace}.json: missing ${key}`);
      for (const key of Object.keys(target)) if (!expected.has(key)) problems.push(`${language}/${namespace}.json: ${key} is not an English key`);
      for (const [key, text] of Object.entries(target)) {
        if (text.trim() === '') problems.push(`${language}/${namespace}.json: ${key} is empty`);
        // The same placeholders as English; a plural form may leave out the count ("un allarme").
        const englishText = source[key] ?? source[`${baseKey(key)}_other`];
        const wanted = new Set(placeholders(englishText ?? '').filter((name) => name !== 'count'));
        const have = new Set(placeholders(text).filter((name) => name !== 'count'));
        if (englishText !== undefined && [...wanted].sort().join() !== [...have].sort().join()) {
          problems.push(`${language}/${namespace}.json: ${key} has {{${[...have].join('}}, {{')}}} where English has {{${[...wanted].join('}}, {{')}}}`);
        }
      }
    }
  }
  return problems;
}

function sourceFiles(dir: string, extensions = ['.ts', '.tsx']): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' ? [] : sourceFiles(path, extensions);
    return extensions.some((extension) => name.endsWith(extension)) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The part of web/src a file belongs to: `features/<name>`, else its top-level folder or file. */
function unitOf(file: string): string {
  const parts = relative(WEB, file).split(sep);
  return parts[0] === 'features' ? `features/${parts[1]}` : parts[0];
}

/** The namespace a file's unprefixed keys belong to: its feature's, else `common`; `useTranslation('x')` names more. */
function namespacesOf(file: string, text: string): string[] {
  const unit = unitOf(file);
  const own = unit.startsWith('features/') ? unit.slice('features/'.length) : 'common';
  return [own, ...[...text.matchAll(/useTranslation\(\s*'([\w-]+)'/g)].map((match) => match[1])];
}

/** The server namespaces a file names: `translator(language, 'auth')`. */
function serverNamespacesOf(text: string): string[] {
  return [...text.matchAll(/translator\((?:[^'()]|\([^()]*\))*,\s*'([\w-]+)'\s*\)/g)].map((match) => match[1]);
}

/**
 * The keys the sources use: every string literal that names a key, unprefixed (in the file's
 * namespaces) or `namespace:key`; a template literal `\`tabs.${tab}\`` uses every key it can
 * make (`tabs.` followed by anything).
 */
function usedKeys(files: string[], defaultNamespace?: string): { exact: Set<string>; prefixes: Set<string> } {
  const exact = new Set<string>();
  const prefixes = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const namespaces = defaultNamespace ? [defaultNamespace, ...serverNamespacesOf(text)] : namespacesOf(file, text);
    const add = (literal: string, into: Set<string>) => {
      const explicit = /^([\w-]+):(.+)$/.exec(literal);
      if (explicit) into.add(`${explicit[1]}:${explicit[2]}`);
      else for (const namespace of namespaces) into.add(`${namespace}:${literal}`);
    };
    for (const match of text.matchAll(/'([^'\n]*)'|"([^"\n]*)"/g)) add(match[1] ?? match[2], exact);
    for (const match of text.matchAll(/`([^`$]*)(\$\{)?/g)) add(match[1], match[2] ? prefixes : exact);
  }
  return { exact, prefixes };
}

interface Finding {
  unit: string;
  where: string;
  text: string;
}

const hasLetters = (text: string) => /\p{L}/u.test(text) && !NOT_TEXT.has(text.trim());

/** Literals in an expression that are shown as they are: not the arguments of a call (t('key'), format.date(...)). */
function shownLiterals(node: ts.Node): string[] {
  if (ts.isCallExpression(node) || ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxFragment(node)) return [];
  if (
    ts.isBinaryExpression(node) &&
    [
      ts.SyntaxKind.EqualsEqualsEqualsToken,
      ts.SyntaxKind.ExclamationEqualsEqualsToken,
      ts.SyntaxKind.EqualsEqualsToken,
      ts.SyntaxKind.ExclamationEqualsToken,
    ].includes(node.operatorToken.kind)
  )
    return [];
  if (ts.isElementAccessExpression(node)) return [];
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.flatMap((span) => [...shownLiterals(span.expression), span.literal.text])];
  return node.getChildren().flatMap(shownLiterals);
}

/** User-facing text written into JSX: text nodes, literal children, and the text attributes. */
function hardCodedText(file: string, text = readFileSync(file, 'utf8')): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const findings: Finding[] = [];
  const unit = unitOf(file);
  const report = (node: ts.Node, text: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    findings.push({ unit, where: `${relative(ROOT, file)}:${line + 1}`, text: text.trim().replace(/\s+/g, ' ') });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasLetters(node.text)) report(node, node.text);
    if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      for (const text of shownLiterals(node.expression)) if (hasLetters(text)) report(node, text);
    }
    if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText(source)) && node.initializer) {
      const initializer = node.initializer;
      const texts = ts.isStringLiteral(initializer)
        ? [initializer.text]
        : ts.isJsxExpression(initializer) && initializer.expression
          ? shownLiterals(initializer.expression)
          : [];
      for (const text of texts) if (hasLetters(text)) report(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

const webCatalogues = catalogues(join(WEB, 'locales'));
const serverCatalogues = catalogues(join(ROOT, 'src', 'locales'));

describe('the catalogues', () => {
  it('ship every web namespace in every language, with its plural forms and placeholders', () => {
    expect([...webCatalogues.keys()].sort()).toEqual([...SHIPPED_LANGUAGES].sort());
    expect(parityProblems(webCatalogues, SHIPPED_LANGUAGES)).toEqual([]);
  });

  it("ship the server's e-mail and push texts in every language", () => {
    expect([...serverCatalogues.keys()].sort()).toEqual([...MAIL_LANGUAGES].sort());
    expect(parityProblems(serverCatalogues, MAIL_LANGUAGES)).toEqual([]);
  });

  it('bundle every server namespace into the server, and only those', () => {
    // src/platform/i18n.ts imports each file by name: a catalogue left out of NAMESPACES would never be read.
    for (const language of MAIL_LANGUAGES) expect([...serverCatalogues.get(language)!.keys()].sort()).toEqual([...NAMESPACES].sort());
  });

  it('hold no key the web app does not use', () => {
    const { exact, prefixes } = usedKeys(sourceFiles(WEB));
    const unused = [...webCatalogues.get('en')!].flatMap(([namespace, catalogue]) =>
      [...new Set(Object.keys(catalogue).map(baseKey))]
        .map((key) => `${namespace}:${key}`)
        .filter((key) => !exact.has(key) && ![...prefixes].some((prefix) => prefix.length > prefix.indexOf(':') + 1 && key.startsWith(prefix))),
    );
    expect(unused).toEqual([]);
  });

  it('hold no key the server does not use', () => {
    // The server's texts: the alarm notices' in the `alarms` namespace, each e-mailing module's in its own (`translator(language, 'auth')`).
    const { exact, prefixes } = usedKeys(sourceFiles(join(ROOT, 'src')), 'alarms');
    const unused = [...serverCatalogues.get('en')!].flatMap(([namespace, catalogue]) =>
      [...new Set(Object.keys(catalogue).map(baseKey))]
        .map((key) => `${namespace}:${key}`)
        .filter((key) => !exact.has(key) && ![...prefixes].some((prefix) => prefix.length > prefix.indexOf(':') + 1 && key.startsWith(prefix))),
    );
    expect(unused).toEqual([]);
  });
});

describe('user-facing text in web/src', () => {
  const findings = sourceFiles(WEB, ['.tsx']).flatMap((file) => hardCodedText(file));
  const units = new Set(sourceFiles(WEB).map(unitOf));

  it('is in the catalogues, outside the folders not yet translated', () => {
    const left = findings
      .filter((finding) => !NOT_YET_TRANSLATED.includes(finding.unit) && !NOT_SHOWN_TO_USERS.includes(finding.unit))
      .map((finding) => `${finding.where}: ${finding.text}`);
    expect(left).toEqual([]);
  });

  it('lists only folders that exist and still hold English text (the list only shrinks)', () => {
    const dirty = new Set(findings.map((finding) => finding.unit));
    expect([...NOT_YET_TRANSLATED, ...NOT_SHOWN_TO_USERS].filter((unit) => !units.has(unit))).toEqual([]);
    expect(NOT_YET_TRANSLATED.filter((unit) => !dirty.has(unit))).toEqual([]);
  });

  it('is found by the scan: text nodes, literal children and text attributes, not keys or names', () => {
    const probe = `
      export const Probe = ({ on, n }: { on: boolean; n: number }) => (
        <section aria-label="Planted label">
          <h1>Planted heading</h1>
          <p>{on ? 'Planted on' : t('probe.off')}</p>
          <p>{\`Planted \${n} times\`}</p>
          <input placeholder={t('probe.find')} title={\`Planted title\`} className="not-text" />
          <img alt="" src="/x.png" />
          <span>{format.date(n)} · {n}</span>
          <strong>Vessel Link</strong>
        </section>
      );`;
    const texts = hardCodedText(join(WEB, 'features', 'probe', 'Probe.tsx'), probe).map((finding) => finding.text);
    expect(texts.sort()).toEqual(['Planted ', ' times', 'Planted heading', 'Planted label', 'Planted on', 'Planted title'].map((text) => text.trim()).sort());
  });
});
