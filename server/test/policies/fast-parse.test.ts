/**
 * POST /api/v1/authorize validates its usual body by hand before zod (policies.fast-parse.ts).
 * On every body here the hand-written check either leaves it to zod or answers exactly as zod
 * does — never accepts what zod refuses, never answers other data.
 */
import { expect } from 'chai';
import { z } from 'zod';
import { MAX_LIST } from '../../src/modules/policies/policies.conditions.js';
import { acceptSingleCheck } from '../../src/modules/policies/policies.fast-parse.js';
import { AuthorizeRequestSchema } from '../../src/modules/policies/policies.schemas.js';

const ID = '0123456789abcdef01234567';
const text = (length: number) => 'x'.repeat(length);
const keys = (count: number, value: unknown = 1) =>
  Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${index}`, value]));

/** What a field may be given: valid values and invalid ones, at and just past every bound. */
const VALUES: Record<string, unknown[]> = {
  action: ['invoice:read', 'a', text(64), text(65), 'Invoice:read', '', ':x', 'a b', 7, null, ['a'], {}],
  subject: [
    { user_id: ID },
    { user_id: ID.toUpperCase() },
    { user_id: ID.slice(1) },
    { user_id: `${ID}0` },
    { user_id: 7 },
    { user_id: ID, extra: 1 },
    {},
    null,
    [ID],
    ID,
  ],
  project_id: [ID, 'nope', null, 7],
  organization_id: [ID, `${ID}z`, null],
  resource: [
    {},
    { type: 'invoice', id: 'inv-1' },
    { type: text(64), id: text(128), owner_id: text(128) },
    { type: text(65) },
    { id: text(129) },
    { owner_id: text(129) },
    { owner_id: null, organization_id: null, project_id: null },
    { organization_id: text(64), project_id: text(64) },
    { organization_id: text(65) },
    { project_id: text(65) },
    { type: null },
    { id: null },
    { id: 7 },
    { type: ['a'] },
    { unknown: 1 },
    { attributes: { status: 'draft', amount: 12.5, paid: false, note: null, tags: ['a', 1, true] } },
    { attributes: {} },
    { attributes: keys(MAX_LIST) },
    { attributes: keys(MAX_LIST + 1) },
    { attributes: { [text(64)]: 1 } },
    { attributes: { [text(65)]: 1 } },
    { attributes: { s: text(256) } },
    { attributes: { s: text(257) } },
    { attributes: { list: Array.from({ length: MAX_LIST }, () => 'a') } },
    { attributes: { list: Array.from({ length: MAX_LIST + 1 }, () => 'a') } },
    { attributes: { list: [null] } },
    { attributes: { list: [['a']] } },
    { attributes: { list: [{}] } },
    { attributes: { list: [text(257)] } },
    { attributes: { nested: { a: 1 } } },
    { attributes: [] },
    { attributes: null },
    JSON.parse('{"attributes": {"__proto__": {"polluted": true}}}'),
    JSON.parse('{"__proto__": {"type": "x"}}'),
    null,
    [],
    'invoice',
  ],
  context: [{ ip: '10.0.0.1' }, { time: '2026-01-01T00:00:00Z' }, {}],
  checks: [[{ action: 'invoice:read' }]],
  unknown: [1],
};

/** Bodies: a plain check, then each field's values one at a time on it, and pairs of valid ones. */
function bodies(): unknown[] {
  const base = { action: 'invoice:read' };
  const all: unknown[] = [base, {}, null, [], 'x', JSON.parse('{"__proto__": {"action": "x"}}')];
  for (const [field, values] of Object.entries(VALUES))
    for (const value of values) {
      all.push({ ...base, [field]: value });
      if (field !== 'action') all.push({ [field]: value });
    }
  for (const subject of VALUES.subject!.slice(0, 2))
    for (const resource of VALUES.resource!.slice(0, 8))
      for (const scope of [
        {},
        { project_id: ID },
        { organization_id: ID },
        { project_id: ID, organization_id: ID },
      ])
        all.push({ subject, action: 'invoice:approve', resource, ...scope });
  return all;
}

describe('POST /api/v1/authorize: the hand-written check of its usual body (issue #33)', () => {
  it('answers every body as zod does, or leaves it to zod', () => {
    let accepted = 0;
    let refusedByZod = 0;
    for (const body of bodies()) {
      // z.safeParse runs the schema itself, not the instance's safeParse the fast path replaces.
      const byZod = z.safeParse(AuthorizeRequestSchema, body);
      if (!byZod.success) refusedByZod += 1;
      const fast = acceptSingleCheck(body);
      if (fast === undefined) continue;
      accepted += 1;
      expect(byZod.success, `zod refuses ${JSON.stringify(body)}`).to.equal(true);
      expect(fast, JSON.stringify(body)).to.deep.equal(byZod.success ? byZod.data : undefined);
    }
    // Both kinds were tried: most plain checks take the fast path, and many bodies are invalid.
    expect(accepted).to.be.greaterThan(50);
    expect(refusedByZod).to.be.greaterThan(40);
  });

  it("is what the route's schema runs, and refusals still name the field", () => {
    const body = {
      subject: { user_id: ID },
      action: 'invoice:approve',
      resource: { type: 'invoice', id: 'inv-1', attributes: { status: 'draft' } },
    };
    expect(AuthorizeRequestSchema.safeParse(body)).to.deep.equal({ success: true, data: body });
    const refused = AuthorizeRequestSchema.safeParse({
      action: 'invoice:read',
      resource: { type: text(65) },
    });
    expect(refused.success).to.equal(false);
    expect(refused.error?.issues[0]?.path).to.deep.equal(['resource', 'type']);
  });
});
