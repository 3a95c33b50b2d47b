import type { ZodType } from 'zod';
import { z } from '../../lib/openapi.js';
import { RESOURCE_TYPES } from '../../core/audit.js';
import { ObjectIdParam } from '../../core/schemas.js';
import {
  ISO_DATE_TIME,
  isPlainObject,
  keyProblem,
  MAX_EVENT_ID,
  MAX_EVENT_NAME,
  MAX_EVENTS_PER_BATCH,
  MAX_NESTING,
  MAX_PROPERTIES_BYTES,
  quickParseBatch,
  toDate,
} from './ingest.batch-check.js';

/** At most this many events per POST /analytics batch (400 beyond). */
export { MAX_EVENTS_PER_BATCH, MAX_PROPERTIES_BYTES };
/** At most this many bytes per POST /analytics body (413 beyond), whatever BODY_LIMIT says. */
export const MAX_BATCH_BYTES = 1024 * 1024;
/** Events stamped further ahead than this are refused (a device clock that is badly wrong). */
export const MAX_FUTURE_SKEW_MS = 5 * 60 * 1000;

// ---- identifiers the SDKs keep in the browser (SPEC §3) ---------------------------------------

function identifier(prefix: string, description: string) {
  const pattern = new RegExp(`^${prefix}[A-Za-z0-9_-]{8,64}$`);
  return z
    .string()
    .regex(pattern, `Must be "${prefix}" followed by 8–64 letters, digits, "_" or "-".`)
    .openapi({ description, example: `${prefix}3f2a9c4e1b7d40a8b6e5f1c2d3a4b5c6` });
}

export const InstallationIdSchema = identifier(
  'inst_',
  'The installation (browser or process), kept in localStorage.',
);
export const AnonymousIdSchema = identifier('anon_', 'The anonymous user, kept in localStorage.');
export const SessionIdSchema = identifier(
  'sess_',
  'The session, kept in sessionStorage (new after 30 min idle).',
);

// ---- free-form JSON objects (event properties, activity metadata) -----------------------------

/**
 * A JSON object stored as sent (so not z.record, which rebuilds it): every key checked at every
 * depth, nesting and size bounded (the size counted while walking: characters of keys and values,
 * plus a little per entry, about its JSON length). Anything else is a 400 naming the offending path.
 */
function jsonObject(description: string) {
  return z
    .custom<Record<string, unknown>>(isPlainObject, { message: 'Must be a JSON object.' })
    .superRefine((value, ctx) => {
      let size = 0;
      const path: (string | number)[] = [];
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', path: [...path], message });
        return false;
      };
      const walk = (node: unknown, depth: number): boolean => {
        if (depth > MAX_NESTING) return fail(`Nested deeper than ${MAX_NESTING} levels.`);
        if (typeof node === 'string') size += node.length + 2;
        else if (Array.isArray(node)) {
          size += 2;
          for (let index = 0; index < node.length; index++) {
            path.push(index);
            if (!walk(node[index], depth + 1)) return false;
            path.pop();
          }
        } else if (isPlainObject(node)) {
          size += 2;
          for (const key of Object.keys(node)) {
            path.push(key.slice(0, 40));
            const problem = keyProblem(key);
            if (problem) return fail(problem);
            size += key.length + 4;
            if (!walk(node[key], depth + 1)) return false;
            path.pop();
          }
        } else size += 8;
        return true;
      };
      if (walk(value, 0) && size > MAX_PROPERTIES_BYTES)
        ctx.addIssue({ code: 'custom', message: `At most ${MAX_PROPERTIES_BYTES / 1024} KB of JSON.` });
    })
    .openapi({ type: 'object', additionalProperties: true, description } as never);
}

/** An instant: ISO 8601 (without an offset it is read as UTC) or Unix epoch milliseconds; becomes a Date. */
const TimestampSchema = z
  .union([
    z
      .string()
      .max(40)
      .regex(
        ISO_DATE_TIME,
        'Must be an ISO 8601 date-time, e.g. 2030-01-31T12:00:00.000Z, or epoch milliseconds.',
      ),
    z.number().int().min(0).max(8.64e15),
  ])
  .refine((value) => !Number.isNaN(toDate(value).getTime()), 'Not a valid date-time.')
  .transform(toDate)
  .openapi({
    description: 'ISO 8601 date-time (UTC when it has no offset) or Unix epoch milliseconds.',
    example: '2030-01-31T12:00:00.000Z',
  });

const text = (max: number) => z.string().max(max, `At most ${max} characters.`);
const optionalText = (max: number) => text(max).nullish();

// ---- POST /installations ------------------------------------------------------------------------

export const DeviceInfoSchema = z
  .object({
    platform: optionalText(100),
    user_agent: optionalText(512),
    language: optionalText(35),
    timezone: optionalText(64),
    screen_resolution: optionalText(32).openapi({ example: '1920x1080' }),
    color_depth: z.number().int().min(0).max(1024).nullish(),
    device_memory: z
      .number()
      .min(0)
      .max(1_000_000)
      .nullish()
      .openapi({ description: 'GiB, as navigator.deviceMemory.' }),
    hardware_concurrency: z.number().int().min(0).max(100_000).nullish(),
  })
  .openapi('DeviceInfo');

export const EnvironmentInfoSchema = z
  .object({
    url: optionalText(2048),
    referrer: optionalText(2048),
    timestamp: TimestampSchema.nullish(),
    session_id: SessionIdSchema.nullish(),
  })
  .openapi('EnvironmentInfo');

export const RegisterInstallationSchema = z
  .object({
    installation_id: InstallationIdSchema,
    device_info: DeviceInfoSchema.nullish(),
    environment_info: EnvironmentInfoSchema.nullish(),
    is_anonymous: z.boolean().default(true),
    anonymous_id: AnonymousIdSchema.nullish(),
    user_id: optionalText(128).openapi({
      description:
        'Your own id for the user, as reported by the client (stored as reported_user_id, unverified). Linking to an account of this platform happens through POST /api/v1/identify or the embedding sign-in.',
    }),
  })
  .openapi('RegisterInstallationRequest');

export const RegisterInstallationResponseSchema = z
  .object({
    success: z.literal(true),
    installation_id: z.string(),
    new_session: z
      .boolean()
      .openapi({ description: 'Whether this session id was counted as a new session.' }),
  })
  .openapi('RegisterInstallationResponse');

// ---- POST /activity -----------------------------------------------------------------------------

export const LogActivitySchema = z
  .object({
    action: text(100).min(1, 'Action is required.'),
    resource_type: z.enum(RESOURCE_TYPES),
    resource_id: optionalText(200),
    metadata: jsonObject('Context for people reading the log. Never put secrets here.').nullish(),
    installation_id: InstallationIdSchema.nullish(),
    anonymous_user_id: AnonymousIdSchema.nullish(),
  })
  .openapi('LogActivityRequest');

export const LogActivityResponseSchema = z
  .object({ success: z.literal(true), activity_id: z.string() })
  .openapi('LogActivityResponse');

// ---- POST /analytics ----------------------------------------------------------------------------

export const AnalyticsEventSchema = z
  .object({
    id: z
      .string()
      .min(1)
      .max(MAX_EVENT_ID)
      .regex(/^[\x21-\x7e]+$/, 'Must be printable ASCII without spaces.')
      .nullish()
      .openapi({
        description:
          'Idempotency key (the SDKs send evt_…): an event whose id is already stored for this application is not stored or counted again.',
      }),
    event: text(MAX_EVENT_NAME).min(1, 'Event name is required.'),
    properties: jsonObject('Event properties.').nullish(),
    timestamp: TimestampSchema.nullish().openapi({
      description: 'When it happened; default: when it arrived.',
    }),
  })
  .openapi('AnalyticsEvent');

export const AnalyticsBatchSchema = z
  .object({
    events: z
      .array(AnalyticsEventSchema, { error: 'events must be a list of events.' })
      .min(1, 'Send at least one event.')
      .max(MAX_EVENTS_PER_BATCH, `At most ${MAX_EVENTS_PER_BATCH} events per batch; split it.`),
    session_info: z
      .object({ session_id: SessionIdSchema.nullish(), installation_id: InstallationIdSchema.nullish() })
      .nullish(),
  })
  .openapi('AnalyticsBatch');

// Valid batches are parsed by the hand-written check (ingest.batch-check.ts: the same result, several times
// faster); zod parses the rest, so every refusal keeps its message. The route validator calls safeParse.
const zodSafeParse = AnalyticsBatchSchema.safeParse.bind(AnalyticsBatchSchema);
(AnalyticsBatchSchema as ZodType).safeParse = ((value: unknown, params?: never) => {
  const quick = quickParseBatch(value);
  return quick ? { success: true, data: quick } : zodSafeParse(value, params);
}) as typeof zodSafeParse;

export const EVENT_REJECTIONS = ['timestamp_in_future', 'timestamp_too_old'] as const;
export type EventRejection = (typeof EVENT_REJECTIONS)[number];

export const AnalyticsBatchResponseSchema = z
  .object({
    events_processed: z.number().int().openapi({ description: 'Events stored by this request.' }),
    duplicates: z.number().int().openapi({
      description: 'Events whose id was already stored (or repeated in the batch): not stored again.',
    }),
    rejected: z
      .array(
        z.object({
          index: z.number().int().openapi({ description: 'Position in `events`.' }),
          id: z.string().nullable(),
          reason: z.enum(EVENT_REJECTIONS),
          message: z.string(),
        }),
      )
      .openapi({
        description: 'Events refused one by one; the rest of the batch is stored. Do not resend them.',
      }),
  })
  .openapi('AnalyticsBatchResponse');

// ---- POST /identify -----------------------------------------------------------------------------

export const IdentifySchema = z
  .object({
    anonymous_id: AnonymousIdSchema.nullish(),
    installation_id: InstallationIdSchema.nullish(),
  })
  .refine((body) => Boolean(body.anonymous_id || body.installation_id), {
    message: 'Give anonymous_id, installation_id or both.',
    path: ['anonymous_id'],
  })
  .openapi('IdentifyRequest');

export const LINK_OUTCOMES = ['linked', 'already_linked', 'linked_to_other_user'] as const;
export type LinkOutcome = (typeof LINK_OUTCOMES)[number];

export const IdentifyResponseSchema = z
  .object({
    success: z.literal(true),
    user_id: z.string(),
    anonymous_user: z
      .object({ anonymous_id: z.string(), status: z.enum(LINK_OUTCOMES) })
      .nullable()
      .openapi({
        description:
          'An anonymous user stays linked to the first account it was linked to (linked_to_other_user: left as it was; call reset() on sign-out so the next person gets a new anonymous id).',
      }),
    installation: z
      .object({ installation_id: z.string(), status: z.enum(LINK_OUTCOMES) })
      .nullable()
      .openapi({ description: 'An installation (a device) names the account that signed in on it last.' }),
  })
  .openapi('IdentifyResponse');

// ---- headers --------------------------------------------------------------------------------------

export const IngestHeadersSchema = z.object({
  'x-application-id': ObjectIdParam.openapi({
    description:
      'Id of an active application (public, write-only, like an analytics write key); its allowed_origins decide which browser origins may call.',
  }),
  'x-sdk-version': z.string().max(64).optional().openapi({
    description: 'Recorded with the installation, activity and events, e.g. 0.1.0 or python/0.1.0.',
  }),
});
