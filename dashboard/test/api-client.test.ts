import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import { ApiError, unwrap } from '../src/api/client';
import { renderApiTypes } from '../scripts/api-types';

describe('API client', () => {
  it('returns the data of a successful response', () => {
    const response = new Response(null, { status: 200 });
    expect(unwrap({ data: { ok: 1 }, response })).to.deep.equal({ ok: 1 });
  });

  it("turns an error response into an ApiError carrying the server's message and code", () => {
    const response = new Response(null, { status: 400 });
    const error = (() => {
      try {
        unwrap({ error: { error: 'Slug ist erforderlich', code: 'validation_failed' }, response });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).to.be.instanceOf(ApiError);
    expect(error).to.include({ status: 400, code: 'validation_failed', message: 'Slug ist erforderlich' });
  });

  it('falls back to the HTTP status when the body is not an API error', () => {
    const response = new Response(null, { status: 502 });
    expect(() => unwrap({ error: undefined, response })).to.throw(ApiError, 'Request failed with status 502');
  });

  it('has generated types matching the server OpenAPI document (run `npm run openapi:types` if not)', async () => {
    const committed = await readFile(new URL('../src/api/schema.d.ts', import.meta.url), 'utf8');
    expect(committed === (await renderApiTypes())).to.equal(
      true,
      'dashboard/src/api/schema.d.ts is stale: run `npm run openapi:types`',
    );
  });
});
