import { z } from '../../lib/openapi.js';

export const DevOutboxQuerySchema = z.object({
  to: z.email().optional().openapi({ description: 'Only mails to this address (case-insensitive).' }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(20)
    .openapi({ description: 'How many mails to return, newest first (1–100).' }),
});

export const DevOutboxMailSchema = z
  .object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    html: z.string(),
    text: z.string(),
    template_name: z.string().nullable(),
    created_at: z.iso.datetime(),
  })
  .openapi('DevOutboxMail');

export const DevOutboxListSchema = z
  .object({
    data: z.array(DevOutboxMailSchema),
    next_cursor: z
      .string()
      .nullable()
      .openapi({ description: 'Always null: the outbox list is not paginated.' }),
  })
  .openapi('DevOutboxList');

export type DevOutboxQuery = z.infer<typeof DevOutboxQuerySchema>;
export type DevOutboxMessage = z.infer<typeof DevOutboxMailSchema>;
