import { requestContext } from '../../core/request-context.js';
import { authOf } from '../../core/auth-context.js';
import { IdParamsSchema, SessionListSchema, SuccessSchema } from './auth.schemas.js';
import type { AuthRouteKit } from './route-kit.js';

/** The caller's sessions: signing out, listing them, ending one. */
export function registerSessionRoutes({ api, deps, tags }: AuthRouteKit): void {
  const { auth } = deps;

  api.route(
    {
      method: 'post',
      permission: null,
      permissionReason: "the caller's own account",
      path: '/auth/logout',
      summary: 'Sign out (ends this session)',
      tags,
      authenticated: true,
      // The account's own page: also an end user's, on the hosted account page (docs/user-pools.md).
      applicationSessions: 'also',
      secondFactorEnrollment: true,
      responses: { 200: { description: 'Signed out', schema: SuccessSchema } },
    },
    async (req, res) => {
      const caller = authOf(req);
      if (caller.sessionId) await auth.logout(caller.userId, caller.sessionId, requestContext(req));
      res.json({ success: true });
    },
  );

  api.route(
    {
      method: 'get',
      permission: null,
      permissionReason: "the caller's own account",
      path: '/auth/sessions',
      summary: "List the caller's active sessions",
      tags,
      authenticated: true,
      // The account's own page: also an end user's, on the hosted account page (docs/user-pools.md).
      applicationSessions: 'also',
      responses: { 200: { description: 'Sessions, newest first', schema: SessionListSchema } },
    },
    async (req, res) => {
      const caller = authOf(req);
      const sessions = await auth.sessions.listActive(caller.userId);
      res.json({
        data: sessions.map((session) => ({
          id: String(session._id),
          created_at: session.created_at.toISOString(),
          last_used_at: session.last_used_at.toISOString(),
          expires_at: session.expires_at.toISOString(),
          ip_address: session.ip_address,
          user_agent: session.user_agent,
          method: session.method,
          current: String(session._id) === caller.sessionId,
        })),
        next_cursor: null,
      });
    },
  );

  api.route(
    {
      method: 'delete',
      permission: null,
      permissionReason: "the caller's own account",
      path: '/auth/sessions/:id',
      summary: 'End one of the caller’s sessions',
      tags,
      authenticated: true,
      // The account's own page: also an end user's, on the hosted account page (docs/user-pools.md).
      applicationSessions: 'also',
      params: IdParamsSchema,
      responses: { 204: { description: 'Ended' }, 404: { description: 'No such session of the caller' } },
    },
    async (req, res) => {
      await auth.endSession(authOf(req).userId, req.valid.params.id, requestContext(req));
      res.status(204).end();
    },
  );
}
