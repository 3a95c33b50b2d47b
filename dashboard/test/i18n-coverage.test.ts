import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { PLATFORM_ACTION_NAMESPACES, RESOURCE_TYPES } from '@iam-platform/common';
import { expect } from 'chai';
import { de } from '../src/i18n/messages';
import { en } from '../src/i18n/messages.en';
import { catalogs as widgetCatalogs } from '../../widget/src/i18n';

/**
 * Issue #36: raw keys such as `email_template.created` reached the German UI. This test reads the
 * sources of the dashboard (hosted pages included) and the widget, finds every catalog key they
 * use — literal `t('…')` keys, keys kept in maps, keys built from a prefix (`home.action.${…}`) —
 * and fails, naming them, on a key without a German or an English text. The keys built from
 * server data (audit actions, resource types) are checked against what the server writes.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const german: Record<string, string> = de;
const english: Record<string, string> = en;

function sources(dir: string, skip: (file: string) => boolean = () => false): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (current: string) => {
    for (const name of readdirSync(current)) {
      const full = path.join(current, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.tsx?$/.test(name) && !/\.(stories|d)\.tsx?$/.test(name) && !skip(full))
        found.set(path.relative(ROOT, full), readFileSync(full, 'utf8'));
    }
  };
  walk(dir);
  return found;
}

const dashboard = sources(path.join(ROOT, 'dashboard', 'src'), (file) =>
  file.includes(`${path.sep}i18n${path.sep}`),
);
const namespaces = new Set(Object.keys(german).map((key) => key.split('.')[0]));

/** Where a key lacks a text: missing or blank in German, missing or blank in English. */
function untranslated(keys: Iterable<string>): string[] {
  return [...new Set(keys)]
    .filter((key) => !german[key]?.trim() || !english[key]?.trim())
    .map((key) => `${key} (de: ${german[key] ? 'ok' : 'missing'}, en: ${english[key] ? 'ok' : 'missing'})`)
    .sort();
}

describe('i18n: every key the UI uses has a German and an English text', () => {
  it('covers the literal keys of the dashboard and hosted pages (t() calls and key maps)', () => {
    const used: string[] = [];
    // Webhook event names (`pattern: 'session.created'`) are shown as the API names them.
    const literal = /(?<!pattern:\s*)(['"`])([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_]+)+)\1/g;
    for (const text of dashboard.values()) {
      for (const [, , key] of text.matchAll(literal)) {
        // A dotted string in a catalog namespace is a key (file names like 'iam_sdk.py' are not).
        if (namespaces.has(key!.split('.')[0]!) && !/\.(md|json|js|ts|py|png|svg|html)$/.test(key!))
          used.push(key!);
      }
      // t('…') with any string is a key, whatever its namespace.
      for (const [, key] of text.matchAll(/\bt\(\s*'([^'$]+)'/g)) used.push(key!);
    }
    expect(used.length, 'keys found').to.be.greaterThan(1000);
    expect(untranslated(used)).to.deep.equal([]);
  });

  it('covers every family of keys built from a prefix (`logs.period.${…}` …) in both languages', () => {
    const families = new Set<string>();
    const built = /`([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_]+)*\.)\$\{[^}]+\}((?:\.[A-Za-z0-9_]+)*)`/g;
    for (const text of dashboard.values()) {
      for (const [, prefix, suffix] of text.matchAll(built)) families.add(`${prefix}*${suffix ?? ''}`);
    }
    expect([...families])
      .to.include('home.action.*')
      .and.to.include('home.resource.*');
    const problems: string[] = [];
    for (const family of families) {
      const [prefix, suffix] = family.split('*') as [string, string];
      const matches = (key: string) =>
        key.startsWith(prefix) && key.endsWith(suffix) && key.length > prefix.length + suffix.length;
      const germanKeys = Object.keys(german).filter(matches);
      const englishKeys = Object.keys(english).filter(matches);
      if (germanKeys.length === 0) problems.push(`${family}: no key at all`);
      for (const key of untranslated([...germanKeys, ...englishKeys])) problems.push(`${family}: ${key}`);
    }
    expect(problems).to.deep.equal([]);
  });

  it('names every audit action the server writes (no raw `email_template.created` in "Letzte Aktivitäten")', () => {
    const server = sources(path.join(ROOT, 'server', 'src'));
    const pattern = new RegExp(`'((?:${PLATFORM_ACTION_NAMESPACES.join('|')})\\.[a-z_]+)'`, 'g');
    // Written as `${kind}.created` / `.updated` by core/tenant-resource.ts.
    const actions = new Set([
      'project.created',
      'project.updated',
      'application.created',
      'application.updated',
    ]);
    for (const text of server.values()) for (const [, action] of text.matchAll(pattern)) actions.add(action!);
    expect([...actions]).to.include.members([
      'email_template.created',
      'email_template.system_copied',
      'email.sent',
      'user.login',
    ]);
    expect(untranslated([...actions].map((action) => `home.action.${action}`))).to.deep.equal([]);
  });

  it('names every resource type an activity entry can have, and e-mail templates filed under "other"', () => {
    const keys = [...RESOURCE_TYPES, 'email_template'].map((type) => `home.resource.${type}`);
    expect(untranslated(keys)).to.deep.equal([]);
  });

  it('gives the widget a German and an English text for every key it uses', () => {
    const widget = sources(path.join(ROOT, 'widget', 'src'), (file) => file.endsWith('i18n.ts'));
    const used = new Set<string>();
    for (const text of widget.values()) {
      for (const [, key] of text.matchAll(/\b(?:t|texts|messages)\.([a-zA-Z]+)\b/g)) used.add(key!);
    }
    const known = new Set(Object.keys(widgetCatalogs.en));
    const keys = [...used].filter((key) => known.has(key));
    expect(keys.length, 'widget keys found').to.be.greaterThan(30);
    const missing = keys.filter(
      (key) =>
        !widgetCatalogs.de[key as keyof typeof widgetCatalogs.de]?.trim() ||
        !widgetCatalogs.en[key as keyof typeof widgetCatalogs.en]?.trim(),
    );
    expect(missing).to.deep.equal([]);
  });
});
