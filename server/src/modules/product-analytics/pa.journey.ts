import mongoose, { type Connection, type Types } from 'mongoose';
import { activityLogModel } from '../activity/index.js';
import { installationModel } from '../telemetry/index.js';
import { summarize, walk } from './pa.funnel.js';
import { sessionize } from './pa.sessions.js';
import type { ResolvedScope } from './pa.types.js';

/** The built-in funnel of the platform's own journey, step names as the API answers them. */
export const JOURNEY_STEPS = ['first_seen', 'signup', 'confirmed', 'first_login', 'second_visit'] as const;
/** Audit actions of the account steps (activity_logs, by user id). */
const ACCOUNT_ACTIONS = { 'user.registered': 0, 'user.email_confirmed': 1, 'user.login': 2 } as const;

/**
 * first seen (an installation created in [from, to), anonymous) → sign-up → e-mail confirmed →
 * first sign-in (of the account the installation was linked to, from the audit log) → second visit
 * (a page-view session of the installation after the sign-in; sessions as in /analytics/pages).
 */
export async function journeyFunnel(
  connection: Connection,
  scope: ResolvedScope,
  input: { windowMs: number; from: Date; to: Date },
) {
  const installations = await installationModel(connection)
    .find(
      {
        application_id: mongoose.trusted({ $in: scope.applicationIds }),
        first_seen_at: mongoose.trusted({ $gte: input.from, $lt: input.to }),
      },
      { _id: 0, installation_id: 1, first_seen_at: 1, user_id: 1 },
    )
    .lean<Array<{ installation_id: string; first_seen_at: Date; user_id: Types.ObjectId | null }>>();
  const end = new Date(input.to.getTime() + input.windowMs);
  const userIds = [...new Set(installations.flatMap((row) => (row.user_id ? [String(row.user_id)] : [])))];
  const Activity = activityLogModel(connection);
  const accountTimes = new Map<string, number[][]>();
  if (userIds.length) {
    const rows = await Activity.find(
      {
        user_id: mongoose.trusted({ $in: userIds.map((id) => new mongoose.Types.ObjectId(id)) }),
        action: mongoose.trusted({ $in: Object.keys(ACCOUNT_ACTIONS) }),
        created_at: mongoose.trusted({ $gte: input.from, $lt: end }),
      },
      { _id: 0, user_id: 1, action: 1, created_at: 1 },
    ).lean<Array<{ user_id: Types.ObjectId; action: keyof typeof ACCOUNT_ACTIONS; created_at: Date }>>();
    for (const row of rows) {
      const key = String(row.user_id);
      const entry = accountTimes.get(key) ?? [[], [], []];
      entry[ACCOUNT_ACTIONS[row.action]]!.push(row.created_at.getTime());
      accountTimes.set(key, entry);
    }
  }
  const linked = installations.filter((row) => row.user_id).map((row) => row.installation_id);
  const views = linked.length
    ? await Activity.find(
        {
          application_id: mongoose.trusted({ $in: scope.applicationIds }),
          action: 'page_view',
          installation_id: mongoose.trusted({ $in: linked }),
          created_at: mongoose.trusted({ $gte: input.from, $lt: end }),
        },
        { _id: 0, installation_id: 1, created_at: 1, metadata: 1 },
      ).lean<Array<{ installation_id: string; created_at: Date; metadata: Record<string, unknown> }>>()
    : [];
  const sessionStarts = new Map<string, number[]>();
  for (const session of sessionize(views)) {
    const list = sessionStarts.get(session.visitor) ?? [];
    list.push(session.start);
    sessionStarts.set(session.visitor, list);
  }
  const paths = new Map<string, number[]>();
  const registered = new Set<string>();
  for (const row of installations) {
    const account = row.user_id ? accountTimes.get(String(row.user_id)) : undefined;
    if (row.user_id) registered.add(row.installation_id);
    const sort = (list: number[] | undefined) => [...(list ?? [])].sort((a, b) => a - b);
    const times = [
      [row.first_seen_at.getTime()],
      sort(account?.[0]),
      sort(account?.[1]),
      sort(account?.[2]),
      // a later visit: any session but the installation's first
      sort(sessionStarts.get(row.installation_id)?.slice(1)),
    ];
    const reached = walk(times, [...JOURNEY_STEPS], input.from.getTime(), input.to.getTime(), input.windowMs);
    if (reached.length) paths.set(row.installation_id, reached);
  }
  return summarize([...JOURNEY_STEPS], paths, registered);
}
