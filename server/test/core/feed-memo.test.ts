import { expect } from 'chai';
import { FeedMemo } from '../../src/core/feed-memo.js';
import type { RevocationFeed, RevocationListener } from '../../src/lib/revocations.js';

/**
 * core/feed-memo.ts: answers only while the feed is fresh and has applied no invalidation since the
 * answer's reads began; entries expire after the TTL and the oldest go first at the bound.
 */
describe('feed memo', () => {
  /** A feed whose invalidations and freshness the test sets (the real one polls the database). */
  function testFeed() {
    const listeners: RevocationListener[] = [];
    const feed: RevocationFeed & { generation: number; fresh: boolean } = {
      generation: 0,
      fresh: true,
      publish: () => Promise.resolve(),
      dropLocally(kind, key) {
        feed.generation += 1;
        for (const listener of listeners) listener(kind, key);
      },
      subscribe: (listener) => void listeners.push(listener),
      isFresh: () => feed.fresh,
    };
    return feed;
  }

  it('answers what was kept until the TTL runs out', () => {
    const feed = testFeed();
    const memo = new FeedMemo<string>(feed, 1_000, 10);
    memo.set('a', 'A', memo.current, 0);
    expect(memo.get('a', 999)).to.equal('A');
    expect(memo.get('a', 1_000)).to.equal(undefined);
    // Gone, not only hidden: a later clock does not bring it back.
    expect(memo.get('a', 500)).to.equal(undefined);
  });

  it('drops the oldest entry when the bound is reached; setting again makes an entry the newest', () => {
    const memo = new FeedMemo<string>(testFeed(), 1_000, 2);
    memo.set('a', 'A', memo.current, 0);
    memo.set('b', 'B', memo.current, 0);
    memo.set('a', 'A2', memo.current, 0);
    memo.set('c', 'C', memo.current, 0);
    expect([memo.get('a', 1), memo.get('b', 1), memo.get('c', 1)]).to.deep.equal(['A2', undefined, 'C']);
  });

  it('empties on any invalidation, and keeps nothing read before one', () => {
    const feed = testFeed();
    const memo = new FeedMemo<string>(feed, 1_000, 10);
    memo.set('a', 'A', memo.current, 0);
    const before = memo.current;
    feed.dropLocally('organization', 'some other key');
    expect(memo.get('a', 1)).to.equal(undefined);
    memo.set('b', 'B', before, 1);
    expect(memo.get('b', 2)).to.equal(undefined);
    memo.set('b', 'B', memo.current, 2);
    expect(memo.get('b', 3)).to.equal('B');
  });

  it('does not answer while the feed is not fresh, and answers again once it is', () => {
    const feed = testFeed();
    const memo = new FeedMemo<string>(feed, 1_000, 10);
    memo.set('a', 'A', memo.current, 0);
    feed.fresh = false;
    expect(memo.get('a', 1)).to.equal(undefined);
    feed.fresh = true;
    expect(memo.get('a', 2)).to.equal('A');
  });

  it('forgets a deleted key', () => {
    const memo = new FeedMemo<string>(testFeed(), 1_000, 10);
    memo.set('a', 'A', memo.current, 0);
    memo.delete('a');
    expect(memo.get('a', 1)).to.equal(undefined);
  });
});
