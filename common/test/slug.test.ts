import { expect } from 'chai';
import { deriveApplicationSlug, deriveSlug } from '@iam-platform/common';

describe('deriveSlug', () => {
  it('lowercases, drops punctuation and joins words with one hyphen', () => {
    expect(deriveSlug('Acme Inc.')).to.equal('acme-inc');
    expect(deriveSlug('  Acme   Corp  ')).to.equal('acme-corp');
    expect(deriveSlug('Mein Shop!')).to.equal('mein-shop');
  });

  it('collapses repeated hyphens and trims them at the edges', () => {
    expect(deriveSlug('a -- b')).to.equal('a-b');
    expect(deriveSlug('-Acme-')).to.equal('acme');
    expect(deriveSlug('!!! Acme')).to.equal('acme');
  });

  it('spells out German letters and drops accents instead of losing letters (issue #36)', () => {
    expect(deriveSlug('Müller & Söhne')).to.equal('mueller-soehne');
    expect(deriveSlug('ÄRZTE Öl Übung Straße')).to.equal('aerzte-oel-uebung-strasse');
    expect(deriveSlug('Café Crème')).to.equal('cafe-creme');
    // The same name typed with combining marks (as some keyboards and pastes deliver it).
    expect(deriveSlug('Mu\u0308ller')).to.equal('mueller');
    expect(deriveSlug('snake_case')).to.equal('snakecase');
  });

  it('gives an empty slug for a name without letters or digits', () => {
    expect(deriveSlug('')).to.equal('');
    expect(deriveSlug('!?')).to.equal('');
  });
});

describe('deriveApplicationSlug', () => {
  it('turns every run of other characters into one hyphen', () => {
    expect(deriveApplicationSlug('Mein Shop!')).to.equal('mein-shop');
    expect(deriveApplicationSlug('snake_case app')).to.equal('snake-case-app');
    expect(deriveApplicationSlug('Müller & Söhne')).to.equal('mueller-soehne');
    expect(deriveApplicationSlug('Größe-Ändern')).to.equal('groesse-aendern');
    expect(deriveApplicationSlug('a -- b')).to.equal('a-b');
  });

  it('trims hyphens at the edges', () => {
    expect(deriveApplicationSlug('--Web App--')).to.equal('web-app');
    expect(deriveApplicationSlug('!?')).to.equal('');
  });
});
