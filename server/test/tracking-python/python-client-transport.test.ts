import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { requirePython, runClient, startStub, warnings, type Plan, type StubServer } from './helpers.js';

// The Python client's sending rules, against a loopback stand-in for the ingest API whose answers
// the tests choose (503s, 429 with Retry-After, 400, redirects, nothing listening). The same client
// against the real server: python-client.test.ts.

const APP_ID = '665f1c2b9d3e4a0012345678';
const EVENT_ID = /^evt_[0-9a-f]{32}$/; // as the browser SDK's: evt_ + the time in ms (12 hex) + 20 random hex
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

interface EventBody {
  events: { id: string; event: string; properties?: Record<string, unknown>; timestamp: string }[];
  session_info: { session_id: string; installation_id: string };
}

function plan(
  stub: StubServer,
  steps: Plan['steps'],
  options: Record<string, unknown> = {},
  close = true,
): Plan {
  return {
    client: { application_id: APP_ID, api_url: stub.url, options: { flush_interval: 60, ...options } },
    steps,
    close,
  };
}

const analytics = (stub: StubServer) =>
  stub.received.filter((request) => request.url === '/api/v1/analytics');
const eventNames = (stub: StubServer) =>
  analytics(stub).flatMap((request) => (request.body as EventBody).events.map((event) => event.event));

describe('Python client: sending rules (iam_sdk.py against a stub server)', function () {
  this.timeout(30_000);
  let stub: StubServer;

  before(() => {
    requirePython();
  });
  beforeEach(async () => {
    stub = await startStub();
  });
  afterEach(async () => {
    await stub.close();
  });

  it('sends the installation, activity and one batch of events in the shapes of the ingest API', async () => {
    const run = await runClient(
      plan(stub, [
        { call: 'register_installation' },
        { call: 'track', args: ['report_exported', { format: 'csv', rows: 3 }] },
        { call: 'track', args: ['signed_up'], kwargs: { timestamp: 1_700_000_000.5 } },
        {
          call: 'activity',
          args: ['export', 'component'],
          kwargs: { resource_id: 'r-42', metadata: { ms: 12 } },
        },
        { call: 'flush', args: [5] },
      ]),
    );
    const { client } = run.output;
    // register_installation returns the id it generated; flush counts installation + 2 events + activity.
    expect(run.output.results[0])
      .to.equal(client.installation_id)
      .and.match(/^inst_[0-9a-f]{32}$/);
    expect(run.output.results[4]).to.equal(4);
    expect(stub.received.map((request) => `${request.method} ${request.url}`)).to.deep.equal([
      'POST /api/v1/installations',
      'POST /api/v1/analytics',
      'POST /api/v1/activity',
    ]);
    for (const request of stub.received) {
      expect(request.headers['x-application-id']).to.equal(APP_ID);
      expect(request.headers['x-sdk-version']).to.equal(`python/${client.version}`);
      expect(request.headers['content-type']).to.equal('application/json');
      expect(request.headers['user-agent']).to.match(/^iam-sdk-python\/\d+\.\d+\.\d+ \(Python 3\./);
      expect(request.headers.origin, 'a server-side client sends no Origin').to.equal(undefined);
    }

    const installation = stub.received[0]!.body as {
      anonymous_id: string;
      device_info: Record<string, unknown>;
      environment_info: Record<string, unknown>;
    };
    expect(installation).to.include({ installation_id: client.installation_id, is_anonymous: true });
    expect(installation.anonymous_id)
      .to.equal(client.anonymous_id)
      .and.match(/^anon_[0-9a-f]{32}$/);
    expect(installation.device_info.platform).to.be.a('string').and.not.empty;
    expect(installation.device_info.user_agent).to.equal(stub.received[0]!.headers['user-agent']);
    expect(installation.device_info.hardware_concurrency).to.be.a('number').above(0);
    expect(installation.environment_info.session_id)
      .to.equal(client.session_id)
      .and.match(/^sess_[0-9a-f]{32}$/);
    expect(installation.environment_info.timestamp).to.match(ISO);

    const batch = stub.received[1]!.body as EventBody;
    expect(batch.session_info).to.deep.equal({
      session_id: client.session_id,
      installation_id: client.installation_id,
    });
    expect(batch.events.map((event) => event.event)).to.deep.equal(['report_exported', 'signed_up']);
    expect(batch.events[0]!.properties).to.deep.equal({ format: 'csv', rows: 3 });
    expect(batch.events[1]!.timestamp).to.equal('2023-11-14T22:13:20.500Z');
    for (const event of batch.events) expect(event.id).to.match(EVENT_ID);
    expect(new Set(batch.events.map((event) => event.id)).size).to.equal(2);

    // After register_installation, activity names that installation and anonymous user.
    expect(stub.received[2]!.body).to.deep.equal({
      action: 'export',
      resource_type: 'component',
      resource_id: 'r-42',
      metadata: { ms: 12 },
      installation_id: client.installation_id,
      anonymous_user_id: client.anonymous_id,
    });
    expect(warnings(run)).to.deep.equal([]);
  });

  it('retries a 503 twice with growing, jittered delays and resends the same event ids', async () => {
    stub.replies.push({ status: 503, body: { error: 'busy', code: 'server_busy' } }, { status: 503 });
    const run = await runClient(
      plan(
        stub,
        [
          { call: 'track', args: ['a'] },
          { call: 'track', args: ['b'] },
          { call: 'flush', args: [10] },
        ],
        {
          backoff_base: 0.2,
        },
      ),
    );
    const attempts = analytics(stub);
    expect(attempts).to.have.length(3);
    expect(attempts[1]!.text).to.equal(attempts[0]!.text);
    expect(attempts[2]!.text, 'a retry is the same batch with the same ids').to.equal(attempts[0]!.text);
    // Equal jitter: the first delay is 0.1–0.2 s, the second 0.2–0.4 s.
    expect(attempts[1]!.at - attempts[0]!.at).to.be.within(90, 1000);
    expect(attempts[2]!.at - attempts[1]!.at).to.be.within(190, 1500);
    expect(run.output.results[2], 'flush counts the 2 delivered events').to.equal(2);
    expect(warnings(run)).to.deep.equal([]);
  });

  it('waits as long as Retry-After says on a 429', async () => {
    stub.replies.push({
      status: 429,
      headers: { 'Retry-After': '1' },
      body: { error: 'slow down', code: 'rate_limited' },
    });
    const run = await runClient(
      plan(
        stub,
        [
          { call: 'activity', args: ['sync', 'api'] },
          { call: 'flush', args: [10] },
        ],
        { backoff_base: 0.01 },
      ),
    );
    const attempts = stub.received;
    expect(attempts).to.have.length(2);
    expect(attempts[1]!.at - attempts[0]!.at).to.be.at.least(950);
    expect(run.output.results[1]).to.equal(1);
  });

  it('does not retry a 400: drops that batch with a warning naming the server’s error, then goes on', async () => {
    stub.replies.push({ status: 400, body: { error: 'Batch is malformed', code: 'invalid_batch' } });
    const run = await runClient(
      plan(stub, [
        { call: 'track', args: ['refused'] },
        { call: 'flush', args: [5] },
        { call: 'track', args: ['accepted'] },
        { call: 'flush', args: [5] },
      ]),
    );
    expect(eventNames(stub)).to.deep.equal(['refused', 'accepted']);
    expect(run.output.results[1], 'nothing delivered by the first flush').to.equal(0);
    expect(run.output.results[3]).to.equal(1);
    const warned = warnings(run);
    expect(warned).to.have.length(1);
    expect(warned[0]).to.contain('HTTP 400').and.contain('invalid_batch').and.contain('not retried');
  });

  it('refuses a redirect instead of turning the POST into a GET', async () => {
    stub.replies.push({ status: 302, headers: { Location: 'https://elsewhere.example/api/v1/analytics' } });
    const run = await runClient(
      plan(stub, [
        { call: 'track', args: ['x'] },
        { call: 'flush', args: [5] },
      ]),
    );
    expect(stub.received.map((request) => request.method)).to.deep.equal(['POST']);
    expect(warnings(run)[0]!)
      .to.contain('HTTP 302')
      .and.contain('https://elsewhere.example/api/v1/analytics');
  });

  it('splits events into batches of batch_size', async () => {
    const steps: Plan['steps'] = ['e1', 'e2', 'e3', 'e4', 'e5'].map((name) => ({
      call: 'track',
      args: [name],
    }));
    const run = await runClient(plan(stub, [...steps, { call: 'flush', args: [5] }], { batch_size: 2 }));
    expect(analytics(stub).map((request) => (request.body as EventBody).events.length)).to.deep.equal([
      2, 2, 1,
    ]);
    expect(eventNames(stub)).to.deep.equal(['e1', 'e2', 'e3', 'e4', 'e5']);
    expect(run.output.results[5]).to.equal(5);
  });

  it('keeps at most max_queue items, dropping the oldest with a warning', async () => {
    const steps: Plan['steps'] = ['e1', 'e2', 'e3', 'e4', 'e5'].map((name) => ({
      call: 'track',
      args: [name],
    }));
    const run = await runClient(plan(stub, [...steps, { call: 'flush', args: [5] }], { max_queue: 3 }));
    expect(eventNames(stub)).to.deep.equal(['e3', 'e4', 'e5']);
    expect(warnings(run).join('\n')).to.contain('queue full (max_queue=3); dropped the oldest');
  });

  it('sends what is queued when the interpreter exits, without flush() or close()', async () => {
    const run = await runClient(plan(stub, [{ call: 'track', args: ['last_words'] }], {}, false));
    expect(run.output.results[0]).to.match(EVENT_ID);
    expect(eventNames(stub)).to.deep.equal(['last_words']);
  });

  it('sends on its own after flush_interval, without flush()', async () => {
    const run = await runClient(
      plan(stub, [{ call: 'track', args: ['tick'] }, { sleep: 0.6 }], { flush_interval: 0.2 }, false),
    );
    expect(run.output.results[0]).to.match(EVENT_ID);
    // Arrived while the script was still sleeping, not from the exit hook.
    expect(eventNames(stub)).to.deep.equal(['tick']);
    expect(analytics(stub)[0]!.at).to.be.below(Date.now() - 100);
  });

  it('never raises into the caller: bad input is dropped with a warning and good input still goes out', async () => {
    const run = await runClient(
      plan(stub, [
        { call: 'track', args: [42] },
        { call: 'track', args: ['bad_props', 'not a dict'] },
        { call: 'track', args: ['nan', { value: '$NaN' }] },
        { call: 'track', args: ['bad_time'], kwargs: { timestamp: [1] } },
        { call: 'activity', args: ['', 'api'] },
        { call: 'register_installation', kwargs: { device_info: 'phone' } },
        { call: 'track', args: ['good'] },
        { call: 'flush', args: [5] },
      ]),
    );
    expect(run.output.results.slice(0, 6)).to.deep.equal([null, null, null, null, false, null]);
    expect(eventNames(stub)).to.deep.equal(['good']);
    expect(warnings(run)).to.have.length(6);
  });

  it('drops, before sending, each event the server would refuse its whole batch for', async () => {
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let level = 0; level < 8; level++) deep = { deeper: deep };
    const refused: Plan['steps'] = [
      { call: 'track', args: ['x'.repeat(201)] },
      { call: 'track', args: ['dollar_key', { $set: { admin: true } }] },
      { call: 'track', args: ['dotted_key', { 'a.b': 1 }] },
      { call: 'track', args: ['proto_key', { nested: { constructor: 1 } }] },
      { call: 'track', args: ['too_deep', deep] },
      { call: 'track', args: ['too_big', { blob: 'x'.repeat(33 * 1024) }] },
      { call: 'track', args: ['bad_id'], kwargs: { event_id: 'has space' } },
      { call: 'track', args: ['bad_time_text'], kwargs: { timestamp: 'yesterday' } },
      { call: 'register_installation', args: ['my-laptop'] },
      { call: 'activity', args: ['sync', 'api'], kwargs: { installation_id: 'inst_!' } },
    ];
    const run = await runClient(
      plan(stub, [
        ...refused,
        { call: 'track', args: ['naive_time'], kwargs: { timestamp: '2030-01-31T12:00:00' } },
        { call: 'track', args: ['own_id'], kwargs: { event_id: 'order-1234:paid' } },
        { call: 'flush', args: [5] },
      ]),
    );
    expect(run.output.results.slice(0, refused.length)).to.deep.equal([...Array(9).fill(null), false]);
    expect(warnings(run)).to.have.length(refused.length);
    // The good events go out together; a timestamp string is sent as the server reads it (UTC).
    expect(analytics(stub)).to.have.length(1);
    const { events } = analytics(stub)[0]!.body as EventBody;
    expect(events.map((event) => [event.event, event.id, event.timestamp])).to.deep.equal([
      ['naive_time', run.output.results[refused.length], '2030-01-31T12:00:00.000Z'],
      ['own_id', 'order-1234:paid', events[1]!.timestamp],
    ]);
    expect(stub.received).to.have.length(1);
  });

  it('starts afresh in a forked child: the parent’s queue is sent once, by the parent', async () => {
    const child = [
      'pid = os.fork()',
      'if pid == 0:',
      '    client.track("from_child")',
      '    os._exit(0 if client.flush(5) == 1 else 1)',
      'result = os.waitpid(pid, 0)[1] >> 8',
    ].join('\n');
    const run = await runClient(
      plan(stub, [{ call: 'track', args: ['from_parent'] }, { python: child }, { call: 'flush', args: [5] }]),
    );
    expect(run.output.results[1], "the child's flush delivered its own event only").to.equal(0);
    expect(eventNames(stub)).to.deep.equal(['from_child', 'from_parent']);
  });

  it('sends on the calling thread when no sender thread can start (interpreter shutting down)', async () => {
    const noThreads = [
      'import threading',
      'start = threading.Thread.start',
      'def refuse(thread):',
      '    if thread.name == "iam_sdk-sender":',
      '        raise RuntimeError("can\'t create new thread at interpreter shutdown")',
      '    start(thread)',
      'threading.Thread.start = refuse',
    ].join('\n');
    const run = await runClient(
      plan(stub, [
        { python: noThreads },
        { call: 'track', args: ['a'] },
        { call: 'activity', args: ['x', 'api'] },
        { call: 'flush', args: [5] },
        { call: 'track', args: ['b'] },
      ]),
    );
    expect(run.output.results[3]).to.equal(2);
    // close() (end of the plan) sent the last one, also without a thread.
    expect(stub.received.map((request) => request.url)).to.deep.equal([
      '/api/v1/analytics',
      '/api/v1/activity',
      '/api/v1/analytics',
    ]);
  });

  it('refuses an unusable configuration with ValueError and clamps bad options with a warning', async () => {
    const construct = [
      'import iam_sdk',
      'result = []',
      'for args in [("abc", "https://iam.example.com"), (client.application_id, "ftp://iam.example.com"),',
      '             (client.application_id, "https://iam.example.com/?x=1"), (client.application_id, "")]:',
      '    try:',
      '        iam_sdk.IamClient(*args)',
      '        result.append("accepted")',
      '    except ValueError as error:',
      '        result.append(str(error))',
    ].join('\n');
    const clamped = [
      'import iam_sdk',
      'other = iam_sdk.IamClient(client.application_id, client.api_url, batch_size=0, flush_interval="soon",',
      '                          sdk_version="v\u00e9rsion")',
      'other.track("one"); other.track("two")',
      'result = other.flush(5)',
      'other.close()',
    ].join('\n');
    const run = await runClient(plan(stub, [{ python: construct }, { python: clamped }]));
    const errors = run.output.results[0] as string[];
    expect(errors).to.have.length(4);
    expect(errors[0]).to.contain('application_id must be');
    for (const error of errors.slice(1)) expect(error).to.contain('api_url');
    // batch_size 0 → 1: one request per event; the non-ASCII sdk_version → the default header.
    expect(run.output.results[1]).to.equal(2);
    expect(analytics(stub).map((request) => (request.body as EventBody).events.length)).to.deep.equal([1, 1]);
    expect(analytics(stub)[0]!.headers['x-sdk-version']).to.equal(`python/${run.output.client.version}`);
    expect(warnings(run)).to.have.length(3);
  });

  it('gives up on an unreachable server without raising, within flush’s timeout', async () => {
    // A port that was just free: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const run = await runClient({
      client: {
        application_id: APP_ID,
        api_url: `http://127.0.0.1:${port}`,
        options: { flush_interval: 60, backoff_base: 0.05, max_retries: 2 },
      },
      steps: [
        { call: 'track', args: ['lost'] },
        { call: 'flush', args: [5] },
      ],
    });
    expect(run.output.results[1]).to.equal(0);
    expect(run.output.seconds[1]).to.be.below(3);
    expect(warnings(run).join('\n')).to.contain('1 event not delivered after 3 attempts (network error');
  });
});
