import { expect } from 'chai';
import { deriveApplicationSlug } from '../../src/modules/applications/applications.schemas.js';
import { SlugSchema } from '../../src/lib/slug.js';

/**
 * Issue #36: "Müller & Söhne" became `mller-shne` — the umlauts were dropped. Slugs spell German
 * letters out; a slug typed by hand with an umlaut is refused with a message that shows how.
 */
describe('lib/slug: German names', () => {
  it('derives application slugs with ä, ö, ü and ß spelled out', () => {
    expect(deriveApplicationSlug('Müller & Söhne')).to.equal('mueller-soehne');
    expect(deriveApplicationSlug('Größenrechner')).to.equal('groessenrechner');
  });

  it('accepts the spelled-out slug and explains a refused one', () => {
    expect(SlugSchema.parse('mueller-soehne')).to.equal('mueller-soehne');
    const refused = SlugSchema.safeParse('müller-söhne');
    expect(refused.success).to.equal(false);
    expect(refused.error?.issues[0]?.message).to.contain('"Müller & Söhne" → "mueller-soehne"');
  });
});
