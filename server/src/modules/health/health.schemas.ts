import { z } from '../../lib/openapi.js';

export const HealthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    version: z.string(),
    uptime_s: z.number().int().nonnegative(),
    db: z.object({ status: z.enum(['up', 'down']) }),
  })
  .openapi('Health');

export type Health = z.infer<typeof HealthSchema>;
