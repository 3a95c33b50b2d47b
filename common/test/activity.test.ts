import { expect } from 'chai';
import { RESOURCE_TYPES } from '@iam-platform/common';

describe('RESOURCE_TYPES', () => {
  it('lists every resource type once', () => {
    expect(RESOURCE_TYPES).to.deep.equal([
      'user',
      'token',
      'project',
      'application',
      'organization',
      'member',
      'api',
      'component',
      'other',
    ]);
  });
});
