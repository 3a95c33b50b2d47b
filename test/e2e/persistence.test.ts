import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { startBuiltServer, type StartedServer } from '../support/server.js';

/** `npm start` without MONGODB_URI keeps its data in DATA_DIR across restarts, even after SIGKILL. */
describe('embedded database persistence through the built server', () => {
  let dataDir: string;
  let server: StartedServer | undefined;
  const env = { EMAIL_CONFIRMATION_REQUIRED: 'false' };

  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'iam-persist-'));
  });
  after(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const post = (base: string, route: string, body: unknown) =>
    fetch(`${base}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('keeps an account after a clean restart and after SIGKILL', async () => {
    server = await startBuiltServer(env, { dataDir });
    expect(
      (await post(server.url, '/api/v1/auth/register', { email: 'keep@example.com', password: 'persist me' }))
        .status,
    ).to.equal(201);
    expect(await server.stop()).to.equal(0);

    server = await startBuiltServer(env, { dataDir });
    const afterRestart = await post(server.url, '/api/v1/auth/login', {
      email: 'keep@example.com',
      password: 'persist me',
    });
    expect(afterRestart.status).to.equal(200);
    const registered = await post(server.url, '/api/v1/auth/register', {
      email: 'acked@example.com',
      password: 'persist me',
    });
    expect(registered.status).to.equal(201);
    const exited = new Promise((resolve) => server!.process.once('exit', resolve));
    server.process.kill('SIGKILL');
    await exited;

    server = await startBuiltServer(env, { dataDir });
    for (const email of ['keep@example.com', 'acked@example.com']) {
      const login = await post(server.url, '/api/v1/auth/login', { email, password: 'persist me' });
      expect(login.status, email).to.equal(200);
    }
  });
});
