import { z } from '../../lib/openapi.js';

export const HealthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    version: z.string(),
    uptime_s: z.number().int().nonnegative(),
    db: z
      .object({
        status: z.enum(['up', 'degraded', 'down']).openapi({
          description:
            '`up`; `degraded` while the database answers reads but refuses writes (the embedded server on a full ' +
            'disk); `down` when it is unreachable.',
        }),
        reason: z.enum(['out_of_disk_space']).optional().openapi({
          description: 'Why the database is degraded.',
        }),
        message: z.string().optional().openapi({
          description: "The database's own words, e.g. what it answers writes.",
        }),
      })
      .openapi({ description: 'The database the API works on.' }),
  })
  .openapi('Health');

export type Health = z.infer<typeof HealthSchema>;
