import { expect } from 'chai';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { PERSONAL_DATA } from '../../src/modules/privacy/index.js';

/** Fields that tie a document to a person. */
const PERSONAL_FIELDS = ['user_id', 'email', 'recipient_email'];

describe('privacy data map: every collection that stores a person is exported and erased', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createTestContext();
  });
  after(() => ctx.close());

  it('lists each model with a user_id or e-mail field (a new one must be added to privacy.data-map.ts)', () => {
    const mapped = new Set(PERSONAL_DATA.map((entry) => entry.collection));
    const personal = Object.values(ctx.database.connection.models)
      .filter((model) => PERSONAL_FIELDS.some((field) => model.schema.path(field)))
      .map((model) => model.collection.collectionName);
    expect(personal.length, 'models were registered').to.be.greaterThan(5);
    expect(personal.filter((name) => !mapped.has(name)).sort()).to.deep.equal([]);
  });
});
