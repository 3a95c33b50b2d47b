import { Types } from 'mongoose';
import { revocationFeedFor } from '../../src/lib/revocations.js';
import type { TestContext } from '../helpers/context.js';

/** The session id (`sid`) an access token names. */
export const sessionIdOf = (accessToken: string): string =>
  (JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

/**
 * Makes the session's last proof of identity 11 minutes old, as if that time had passed (or applies
 * `update` instead), and drops cached copies of the session as every real change does.
 */
export async function ageSession(
  ctx: TestContext,
  accessToken: string,
  update: object = { $set: { auth_time: new Date(Date.now() - 11 * 60_000) } },
): Promise<void> {
  const sid = sessionIdOf(accessToken);
  await ctx.database.connection
    .collection('auth_sessions')
    .updateOne({ _id: new Types.ObjectId(sid) }, update);
  await revocationFeedFor(ctx.database.connection).publish('session', sid);
}
