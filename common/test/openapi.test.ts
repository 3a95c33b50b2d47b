import { expect } from 'chai';
import { operationAnchor, resolveSchema, type OpenApiComponents } from '@iam-platform/common';

const document: OpenApiComponents = {
  components: {
    schemas: {
      Name: { type: 'string', description: 'A name.' },
      Alias: { $ref: '#/components/schemas/Name' },
      Base: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      Loop: { $ref: '#/components/schemas/Loop' },
    },
  },
};

describe('resolveSchema', () => {
  it('follows $refs, also through other $refs', () => {
    expect(resolveSchema(document, { $ref: '#/components/schemas/Alias' })).to.deep.equal({
      type: 'string',
      description: 'A name.',
    });
  });

  it('returns a schema without $ref or allOf as it is', () => {
    const schema = { type: 'integer' };
    expect(resolveSchema(document, schema)).to.equal(schema);
  });

  it('merges the properties and required fields of allOf parts', () => {
    const merged = resolveSchema(document, {
      allOf: [
        { $ref: '#/components/schemas/Base' },
        { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      ],
    });
    expect(merged).to.deep.equal({
      type: 'object',
      properties: { id: { type: 'string' }, name: { type: 'string' } },
      required: ['id', 'name'],
    });
  });

  it('gives {} for nothing, an unknown name and a $ref cycle', () => {
    expect(resolveSchema(document, undefined)).to.deep.equal({});
    expect(resolveSchema(document, { $ref: '#/components/schemas/Missing' })).to.deep.equal({});
    expect(resolveSchema({}, { $ref: '#/components/schemas/Name' })).to.deep.equal({});
    expect(resolveSchema(document, { $ref: '#/components/schemas/Loop' })).to.deep.equal({});
  });
});

describe('operationAnchor', () => {
  it('joins method and path in lower case with hyphens', () => {
    expect(operationAnchor('get', '/api/v1/health')).to.equal('op-get-api-v1-health');
    expect(operationAnchor('POST', '/api/v1/organizations/{id}/members')).to.equal(
      'op-post-api-v1-organizations-id-members',
    );
  });
});
