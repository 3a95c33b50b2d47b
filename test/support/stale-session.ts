import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { MongoClient, ObjectId } from 'mongodb';
import { eventually } from './checks.js';
import type { StartedServer } from './server.js';

/** A client of the built server's embedded database (started with a `dataDir` the test owns). */
export async function withDatabase<T>(
  server: StartedServer,
  dataDir: string,
  use: (client: MongoClient) => Promise<T>,
): Promise<T> {
  const started = server
    .logEntries()
    .find((entry) => String(entry.msg).startsWith('started the embedded MongoDB-compatible server'));
  const credentials = JSON.parse(await readFile(path.join(dataDir, 'db', 'credentials.json'), 'utf8')) as {
    username: string;
    password: string;
  };
  const client = await MongoClient.connect(
    `mongodb://${encodeURIComponent(credentials.username)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${String(started?.port)}/?authSource=admin`,
  );
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

/**
 * Makes a dashboard session look signed in 11 minutes ago — past the step-up window — and waits
 * until the server says so itself: a gated call with that session's token answers 403
 * reauthentication_required. Waiting 10 minutes is no test: the session's `auth_time` is aged in
 * the server's own database and the change announced through `auth_revocations`, as a second
 * server process does after renewing it, so no cached copy keeps the fresh time.
 */
export async function ageSession(
  server: StartedServer,
  dataDir: string,
  origin: string,
  accessToken: string,
): Promise<void> {
  const sid = (JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { sid: string })
    .sid;
  await withDatabase(server, dataDir, async (client) => {
    const db = client.db('iam_platform');
    const updated = await db
      .collection('auth_sessions')
      .updateOne({ _id: new ObjectId(sid) }, { $set: { auth_time: new Date(Date.now() - 11 * 60_000) } });
    expect(updated.matchedCount).to.equal(1);
    await db.collection('auth_revocations').insertOne({ kind: 'session', key: sid, created_at: new Date() });
  });
  // Starting an authenticator enrolment is behind the gate and counts no attempts.
  await eventually(
    async () => {
      const response = await fetch(`${origin}/api/v1/auth/mfa/totp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      return { status: response.status, ...((await response.json()) as { code?: string }) };
    },
    (answer) => expect(answer).to.include({ status: 403, code: 'reauthentication_required' }),
  );
}
