import { z } from '../../lib/openapi.js';

export const UserSchema = z
  .object({
    id: z.string(),
    email: z.email(),
    display_name: z.string(),
    is_verified: z.boolean(),
    created_at: z.iso.datetime(),
    last_login_at: z.iso.datetime().nullable(),
  })
  .openapi('User', { description: 'A profile (SPEC §3 profiles).' });

export type PublicUser = z.infer<typeof UserSchema>;
