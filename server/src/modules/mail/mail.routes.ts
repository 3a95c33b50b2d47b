import type { Connection } from 'mongoose';
import type { Config } from '../../config.js';
import type { Request } from 'express';
import type { ApiRouter } from '../../lib/api-router.js';
import { AppError, CommonErrors } from '../../lib/errors.js';
import { DevOutboxListSchema, DevOutboxQuerySchema } from './mail.schemas.js';
import { listDevOutbox } from './mail.service.js';

export interface MailRouteDependencies {
  connection: Connection;
  config: Config;
}

/** The outbox exists only where it is the sole way to read mail: no SMTP server and not production. */
export function isDevOutboxEnabled(config: Config): boolean {
  return !config.mail.smtpUrl && !config.isProduction;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** `localhost`, `127.0.0.1` or `[::1]`, with or without a port. */
const LOOPBACK_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/i;

/**
 * The outbox holds live confirmation and reset links, so it answers only requests made on this
 * machine. The socket's address is used, not `req.ip`, which proxy headers can influence. The
 * `Host` header must name loopback too: a page on a foreign name that DNS-rebinds to 127.0.0.1
 * sends its own name there, so the browser's same-origin rule would otherwise let it read the outbox.
 */
function fromLoopback(req: Request): boolean {
  return LOOPBACK.has(req.socket.remoteAddress ?? '') && LOOPBACK_HOST.test(req.headers.host ?? '');
}

export function registerMailRoutes(api: ApiRouter, deps: MailRouteDependencies): void {
  if (!isDevOutboxEnabled(deps.config)) return;

  api.route(
    {
      method: 'get',
      permission: null,
      permissionReason: 'the development outbox (development only), in no organization',
      path: '/dev/outbox',
      summary: 'List the development outbox',
      description:
        'Mails the server would have sent, newest first. Exists only while SMTP_URL is unset and the server ' +
        'is not in production mode, and only to requests from this machine (loopback); otherwise this path answers 404.',
      tags: ['Development'],
      query: DevOutboxQuerySchema,
      responses: {
        200: { description: 'Mails in the development outbox', schema: DevOutboxListSchema },
      },
    },
    async (req, res) => {
      if (!fromLoopback(req)) throw new AppError(CommonErrors.ROUTE_NOT_FOUND);
      const data = await listDevOutbox(deps.connection, req.valid.query);
      res.json({ data, next_cursor: null });
    },
  );
}
