import { expect } from 'chai';
import { catalogParts, de } from '../src/i18n/messages';
import { catalogParts as englishParts, en } from '../src/i18n/messages.en';

describe('message catalog', () => {
  it('has no key defined by two parts (a later part would silently win)', () => {
    for (const parts of [catalogParts, englishParts]) {
      const owners = new Map<string, string[]>();
      for (const [part, messages] of Object.entries(parts)) {
        for (const key of Object.keys(messages)) owners.set(key, [...(owners.get(key) ?? []), part]);
      }
      expect([...owners].filter(([, names]) => names.length > 1)).to.deep.equal([]);
    }
  });

  it('has an English text for every German one, and no empty texts', () => {
    expect(Object.keys(en).sort()).to.deep.equal(Object.keys(de).sort());
    const empty = Object.entries({ ...de, ...en }).filter(([, text]) => !String(text).trim());
    expect(empty).to.deep.equal([]);
  });
});
