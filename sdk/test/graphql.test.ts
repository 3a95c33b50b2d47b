import { expect } from 'chai';
import { createGraphql, GraphqlError, IamError } from '../src/index';
import { IngestServer, type Reply } from './helpers';

describe('graphql(query, variables)', () => {
  let server: IngestServer;
  before(async () => {
    server = await new IngestServer().start();
  });
  after(() => server.stop());
  beforeEach(() => {
    server.received = [];
  });

  it('POSTs the query and variables with the token and answers data', async () => {
    server.respond = () => ({ status: 200, body: { data: { organization: { id: 'o1', name: 'Acme' } } } });
    const graphql = createGraphql({ baseUrl: `${server.url}/`, token: 'cs_secret' });
    const data = await graphql<{ organization: { name: string } }>(
      'query ($id: ID!) { organization(id: $id) { id name } }',
      { id: 'o1' },
    );
    expect(data.organization.name).to.equal('Acme');
    const [request] = server.received;
    expect(request).to.include({ method: 'POST', path: '/api/v1/graphql' });
    expect(request!.headers.authorization).to.equal('Bearer cs_secret');
    expect(request!.headers['content-type']).to.equal('application/json');
    expect(request!.body).to.deep.equal({
      query: 'query ($id: ID!) { organization(id: $id) { id name } }',
      variables: { id: 'o1' },
    });
  });

  it('asks a token function on every request (a renewed access token)', async () => {
    server.respond = () => ({ status: 200, body: { data: { viewer: { email: 'ada@example.com' } } } });
    let calls = 0;
    const graphql = createGraphql({ baseUrl: server.url, token: async () => `access-${++calls}` });
    await graphql('{ viewer { email } }');
    await graphql('{ viewer { email } }');
    expect(server.received.map((request) => request.headers.authorization)).to.deep.equal([
      'Bearer access-1',
      'Bearer access-2',
    ]);
    expect(server.received[0]!.body).to.deep.equal({ query: '{ viewer { email } }' });
  });

  it("throws a GraphqlError with the API's code, keeping the data that did resolve", async () => {
    server.respond = () => ({
      status: 200,
      body: {
        data: { viewer: { email: 'ada@example.com' }, organization: null },
        errors: [
          {
            message: 'Organization not found.',
            path: ['organization'],
            extensions: { code: 'organization_not_found', status: 404 },
          },
        ],
      },
    });
    const graphql = createGraphql({ baseUrl: server.url, token: 't' });
    const error = await graphql('{ viewer { email } organization(id: "x") { id } }').catch((e: unknown) => e);
    expect(error).to.be.instanceOf(GraphqlError).and.instanceOf(IamError);
    expect(error).to.include({
      status: 404,
      code: 'organization_not_found',
      message: 'Organization not found.',
    });
    expect((error as GraphqlError).data).to.deep.equal({
      viewer: { email: 'ada@example.com' },
      organization: null,
    });
  });

  it('throws for a refused request (400, 401) and for an answer that is not GraphQL', async () => {
    const replies: Reply[] = [
      {
        status: 400,
        body: {
          errors: [
            { message: 'Query depth limit of 15 exceeded', extensions: { code: 'bad_request', status: 400 } },
          ],
        },
      },
      {
        status: 401,
        body: {
          errors: [
            {
              message: 'Authorization header with a Bearer token is required.',
              extensions: { code: 'missing_token', status: 401 },
            },
          ],
        },
      },
      { status: 502, body: { error: 'Bad gateway' } },
    ];
    server.respond = (_request, index) => replies[index]!;
    const graphql = createGraphql({ baseUrl: server.url, token: 't' });
    const outcomes = [];
    for (let index = 0; index < replies.length; index++)
      outcomes.push(await graphql('{ viewer { email } }').catch((e: IamError) => [e.name, e.status, e.code]));
    expect(outcomes).to.deep.equal([
      ['GraphqlError', 400, 'bad_request'],
      ['GraphqlError', 401, 'missing_token'],
      ['IamError', 502, 'http_error'],
    ]);
  });
});
