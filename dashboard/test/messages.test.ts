import { expect } from 'chai';
import { catalogParts, de, en } from '../src/i18n/messages';

describe('message catalog', () => {
  it('has no key defined by two parts (a later part would silently win)', () => {
    const owners = new Map<string, string[]>();
    for (const [part, messages] of Object.entries(catalogParts)) {
      for (const key of Object.keys(messages)) owners.set(key, [...(owners.get(key) ?? []), part]);
    }
    expect([...owners].filter(([, parts]) => parts.length > 1)).to.deep.equal([]);
  });

  it('has an English text for every German one, and no empty texts', () => {
    expect(Object.keys(en).sort()).to.deep.equal(Object.keys(de).sort());
    const empty = Object.entries({ ...de, ...en }).filter(([, text]) => !String(text).trim());
    expect(empty).to.deep.equal([]);
  });
});
