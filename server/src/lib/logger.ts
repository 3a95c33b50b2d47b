import { pino, type Logger } from 'pino';

export function createLogger(options: { level: string; pretty?: boolean }): Logger {
  return pino({
    level: options.level,
    // Credentials must never reach the logs, whatever a handler decides to log.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.new_password',
        '*.current_password',
        '*.token',
        '*.refresh_token',
      ],
      censor: '[redacted]',
    },
  });
}
