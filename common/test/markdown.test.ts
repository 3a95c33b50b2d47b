import { expect } from 'chai';
import { headingSlug, inlineText, sectionAnchor } from '@iam-platform/common';

describe('inlineText', () => {
  it('keeps the labels of links and images and the content of code spans', () => {
    expect(inlineText('See [the SDK](sdk.md) and ![logo](logo.png)')).to.equal('See the SDK and logo');
    expect(inlineText('Call `track()` now')).to.equal('Call track() now');
  });

  it('drops emphasis markers but not underscores inside words', () => {
    expect(inlineText('**Bold** and *italic*')).to.equal('Bold and italic');
    expect(inlineText('__strong__ and _em_')).to.equal('strong and em');
    expect(inlineText('user_id and snake_case_name')).to.equal('user_id and snake_case_name');
  });

  it('trims the result', () => {
    expect(inlineText('  Title  ')).to.equal('Title');
  });
});

describe('headingSlug', () => {
  it("follows GitHub's rule: lower case, punctuation and tags dropped, spaces become hyphens", () => {
    expect(headingSlug('Getting Started!')).to.equal('getting-started');
    expect(headingSlug('Use <code>init()</code> first')).to.equal('use-init-first');
    expect(headingSlug('A  B')).to.equal('a--b');
    expect(headingSlug('snake_case-and-kebab')).to.equal('snake_case-and-kebab');
  });

  it('keeps letters and digits of every script', () => {
    expect(headingSlug('Übersicht für 2 Nutzer')).to.equal('übersicht-für-2-nutzer');
  });
});

describe('sectionAnchor', () => {
  it('prefixes the slug of the heading text with the guide', () => {
    expect(sectionAnchor('sdk', 'The `init()` call')).to.equal('sdk--the-init-call');
    expect(sectionAnchor('identity', 'Sign-in & [sessions](sessions.md)')).to.equal(
      'identity--sign-in--sessions',
    );
  });
});
