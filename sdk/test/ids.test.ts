import { expect } from 'chai';
import { createId, isId } from '../src/index';

describe('sdk ids', () => {
  it('creates prefixed identifiers for installations, anonymous users and sessions', () => {
    expect(createId('installation')).to.match(/^inst_[0-9a-f]{32}$/);
    expect(createId('anonymousUser')).to.match(/^anon_[0-9a-f]{32}$/);
    expect(createId('session')).to.match(/^sess_[0-9a-f]{32}$/);
  });

  it('creates event ids that sort by creation time, 32 hex digits like the others', async () => {
    const first = createId('event');
    const sameMoment = Array.from({ length: 200 }, () => createId('event'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const later = createId('event');
    expect(first).to.match(/^evt_[0-9a-f]{32}$/);
    expect(isId('event', later)).to.equal(true);
    expect(Number.parseInt(first.slice(4, 16), 16)).to.be.within(Date.now() - 60_000, Date.now());
    expect(later > first).to.equal(true);
    expect(new Set(sameMoment).size).to.equal(200);
  });

  it('never repeats an identifier', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => createId('installation')));
    expect(ids.size).to.equal(1000);
  });

  it('recognises only well-formed identifiers of the given kind', () => {
    expect(isId('installation', createId('installation'))).to.equal(true);
    expect(isId('installation', createId('session'))).to.equal(false);
    expect(isId('session', 'sess_xyz')).to.equal(false);
    expect(isId('session', 42)).to.equal(false);
  });
});
