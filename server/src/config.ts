import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { defaultPoolSize } from './lib/passwords/index.js';
import { booleanFlag, parseTrustProxy } from './config-values.js';

/**
 * The one place that reads process.env. Every variable is documented in `.env.example`
 * at the repository root; anything invalid stops start-up with a message naming it.
 */
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverRoot, '..');

const packageJson = JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as {
  version: string;
};

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  MONGODB_URI: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\//, 'must start with mongodb:// or mongodb+srv://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  BODY_LIMIT: z
    .string()
    .regex(/^\d+(b|kb|mb)$/i, 'must look like 1mb, 512kb or 100000b')
    .default('1mb'),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value) => (value === undefined ? false : parseTrustProxy(value))),
  DASHBOARD_DIST: z.string().optional(),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(1),

  // Identity
  DASHBOARD_URL: z.url().optional(),
  ACCESS_TOKEN_TTL_S: z.coerce.number().int().min(60).max(86_400).default(900),
  REFRESH_TOKEN_TTL_S: z.coerce
    .number()
    .int()
    .min(3_600)
    .max(31_536_000)
    .default(30 * 86_400),
  JWT_AUDIENCE: z.string().min(1).default('iam-platform'),
  JWT_PRIVATE_KEY: z.string().optional(),
  MFA_ENCRYPTION_KEY: z
    .string()
    .regex(/^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/, 'must be 32 bytes as 64 hex or base64 characters')
    .optional(),
  BCRYPT_COST: z.coerce.number().int().min(4).max(15).default(10),
  PASSWORD_PEPPER: z.string().min(16, 'must be at least 16 characters').optional(),
  PASSWORD_HASH_QUEUE_LIMIT: z.coerce.number().int().min(0).optional(),
  PASSWORD_HASH_THREADS: z.coerce.number().int().min(1).max(256).optional(),
  PASSWORD_HASH_NICENESS: z.coerce.number().int().min(0).max(19).default(10),
  PASSWORD_MIN_LENGTH: z.coerce.number().int().min(6).max(128).default(6),
  EMAIL_CONFIRMATION_REQUIRED: booleanFlag(true),
  LOCKOUT_THRESHOLD: z.coerce.number().int().min(1).max(1000).default(10),
  LOCKOUT_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  LOCKOUT_ACCOUNT_CEILING: z.coerce.number().int().min(1).max(100_000).default(100),
  RATE_LIMIT_WINDOW_S: z.coerce.number().int().min(1).max(86_400).default(900),
  RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(100),
  RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(20),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  // OpenID provider (issue #32): keys of its signed cookies, comma-separated, newest first.
  OIDC_COOKIE_KEYS: z
    .string()
    .optional()
    .transform((value) =>
      value
        ?.split(',')
        .map((key) => key.trim())
        .filter(Boolean),
    )
    .refine(
      (keys) => !keys || keys.every((key) => key.length >= 32),
      'each key must be at least 32 characters',
    ),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  // Overridable so Google sign-in can be pointed at another OAuth2/OIDC server (tests use a local one).
  GOOGLE_AUTHORIZATION_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),

  // Mail
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('IAM Platform <no-reply@localhost>'),
  EMAIL_SEND_RATE_LIMIT_WINDOW_S: z.coerce.number().int().min(1).max(86_400).default(3600),
  EMAIL_SEND_RATE_LIMIT_PER_APPLICATION: z.coerce.number().int().min(1).default(500),
  EMAIL_SEND_DAILY_LIMIT_PER_ORGANIZATION: z.coerce.number().int().min(1).default(1000),

  // Tracking (SDK ingest)
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  INGEST_RATE_LIMIT_WINDOW_S: z.coerce.number().int().min(1).max(86_400).default(60),
  INGEST_RATE_LIMIT_PER_APPLICATION: z.coerce.number().int().min(1).default(30_000),
  INGEST_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(600),
  INGEST_RATE_LIMIT_PER_INSTALLATION: z.coerce.number().int().min(1).default(600),
  INGEST_RATE_LIMIT_FLOOD_ADDRESSES: z.coerce.number().int().min(0).max(100_000).default(200),
  // Analytics (request logs and rollups)
  ROLLUP_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(400),
  REQUEST_LOGGING: booleanFlag(true),
  HEALTH_SAMPLE_INTERVAL_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
  ALERT_EVALUATION_INTERVAL_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000), // docs/alerts.md
  // GraphQL (docs/graphql.md): schema introspection; default on, except in production.
  GRAPHQL_INTROSPECTION: z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional(),

  // Webhooks
  WEBHOOK_ALLOW_PRIVATE_URLS: z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional(),

  // Documentation assistant
  ASSISTANT_LLM_URL: z.url().optional(),
  ASSISTANT_LLM_KEY: z.string().min(1).optional(),
  ASSISTANT_LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  ASSISTANT_LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  ASSISTANT_RATE_LIMIT_WINDOW_S: z.coerce.number().int().min(1).max(86_400).default(60),
  ASSISTANT_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(20),
});

/** Every environment variable the server reads (documented in .env.example; a test checks). */
export const ENVIRONMENT_VARIABLES = Object.keys(envSchema.shape);

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  version: string;
  host: string;
  port: number;
  publicUrl: string;
  mongodbUri: string | undefined;
  dataDir: string;
  logLevel: string;
  bodyLimit: string;
  trustProxy: boolean | number | string;
  /** Server processes (node:cluster) sharing the port; 1 runs without a cluster primary. */
  webConcurrency: number;
  paths: { dashboardDist: string; sdkDist: string; widgetDist: string; storybookDist: string };
  auth: {
    /** Where e-mail links and OAuth redirects send people (the dashboard's origin). */
    dashboardUrl: string;
    issuer: string;
    audience: string;
    accessTokenTtlS: number;
    refreshTokenTtlS: number;
    /** PEM (PKCS#8) of an EC P-256 or RSA key; unset → generated once and stored in the database. */
    jwtPrivateKey: string | undefined;
    /** 32-byte AES-256-GCM key for TOTP secrets; unset → generated once and stored in the database. */
    mfaEncryptionKey: string | undefined;
    bcryptCost: number;
    passwordPepper: string | undefined;
    /** Hashes that may wait for a hashing thread; unset → the hasher's default (32 per thread). */
    passwordHashQueueLimit: number | undefined;
    /** Hashing threads of this process; default: its share of the cores, +1 with several (defaultPoolSize). */
    passwordHashThreads: number;
    /** Nice value of the hashing threads: below the request thread's CPU priority (0 = equal). */
    passwordHashNiceness: number;
    passwordMinLength: number;
    emailConfirmationRequired: boolean;
    lockoutThreshold: number;
    lockoutMinutes: number;
    /** Failures for one address from all networks together that pause its password sign-in. */
    lockoutAccountCeiling: number;
    rateLimit: { windowS: number; perIp: number; perAccount: number };
    adminEmails: string[];
    google:
      | {
          clientId: string;
          clientSecret: string;
          authorizationUrl: string;
          tokenUrl: string;
          userInfoUrl: string;
        }
      | undefined;
    /** Google's endpoints, also without the platform's own client: user pools bring their own (issue #31). */
    googleEndpoints: { authorizationUrl: string; tokenUrl: string; userInfoUrl: string };
  };
  oidc: {
    /**
     * Keys that sign the OpenID provider's cookies (session, interaction), newest first; unset →
     * one random key created once in the database (collection oidc_secrets), shared by all processes.
     */
    cookieKeys: string[] | undefined;
  };
  mail: {
    smtpUrl: string | undefined;
    from: string;
    /**
     * Mails the send API (POST /api/v1/email/send) takes per application and window, and per
     * organization (all its applications together) and day.
     */
    sendRateLimit: { windowS: number; perApplication: number; perOrganizationPerDay: number };
  };
  tracking: {
    /** Analytics events older than this are refused at ingest and deleted by a TTL index. */
    retentionDays: number;
    /**
     * Ingest requests (installations, activity, analytics, identify) per window: per application and
     * client address, per application and installation, and the application's ceiling — at least
     * (INGEST_RATE_LIMIT_FLOOD_ADDRESSES + 1) × perIp, so that many addresses each sending their own
     * maximum cannot use up the application's allowance for everyone else.
     */
    rateLimit: { windowS: number; perApplication: number; perIp: number; perInstallation: number };
  };
  analytics: {
    /** Raw rows (activity_logs, analytics_events) are deleted by TTL indexes after this many days. */
    retentionDays: number;
    /** Hourly/daily rollups and daily distinct keys are deleted by TTL indexes after this many days. */
    rollupRetentionDays: number;
    /** Whether API requests are logged (and counted); off only to measure what logging costs. */
    requestLogging: boolean;
  };
  /** Each process stores a health sample this often (the health card's uptime: docs/analytics.md). */
  health: { sampleIntervalMs: number };
  alerts: { evaluationIntervalMs: number }; // the alert evaluator's round; shorter only for tests and demos
  /** The GraphQL API (docs/graphql.md): introspection (GRAPHQL_INTROSPECTION), GraphiQL in development only. */
  graphql: { introspection: boolean; graphiql: boolean };
  webhooks: {
    /**
     * Whether webhook URLs may point at loopback, private and link-local networks (SSRF guard).
     * Default: allowed in development and test, refused in production.
     */
    allowPrivateUrls: boolean;
    /** First retry delay; each further one doubles (with jitter), capped at maxRetryDelayMs. */
    retryBaseMs: number;
    maxRetryDelayMs: number;
    /** How long a delivery is retried before it is given up and its subscription disabled. */
    retryWindowMs: number;
    /** How long one process holds a claimed delivery before another may take it over. */
    leaseMs: number;
    requestTimeoutMs: number;
    /** How often each process looks for due deliveries (it also wakes when it queues one). */
    pollIntervalMs: number;
  };
  assistant: {
    /** The Markdown guides (docs/) and the SDK's sources, which the assistant indexes. */
    docsDir: string;
    sdkSourceDir: string;
    /** An OpenAI-compatible chat-completions URL; unset → answers come from the search index alone. */
    llmUrl: string | undefined;
    llmKey: string | undefined;
    llmModel: string;
    llmTimeoutMs: number;
    rateLimit: { windowS: number; perIp: number };
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment; pass an object in tests instead of mutating process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const defaultLogLevel = e.NODE_ENV === 'test' ? 'silent' : 'info';
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(['GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together']);
  }
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    version: packageJson.version,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    mongodbUri: e.MONGODB_URI,
    dataDir: path.resolve(e.DATA_DIR),
    logLevel: e.LOG_LEVEL ?? defaultLogLevel,
    bodyLimit: e.BODY_LIMIT,
    trustProxy: e.TRUST_PROXY,
    webConcurrency: e.WEB_CONCURRENCY,
    paths: {
      dashboardDist: path.resolve(e.DASHBOARD_DIST ?? path.join(repoRoot, 'dashboard', 'dist')),
      sdkDist: path.join(repoRoot, 'sdk', 'dist'),
      widgetDist: path.join(repoRoot, 'widget', 'dist'),
      storybookDist: path.join(repoRoot, 'widget', 'storybook-static'),
    },
    auth: {
      dashboardUrl: (e.DASHBOARD_URL ?? publicUrl).replace(/\/$/, ''),
      issuer: publicUrl,
      audience: e.JWT_AUDIENCE,
      accessTokenTtlS: e.ACCESS_TOKEN_TTL_S,
      refreshTokenTtlS: e.REFRESH_TOKEN_TTL_S,
      jwtPrivateKey: e.JWT_PRIVATE_KEY?.replace(/\\n/g, '\n'),
      mfaEncryptionKey: e.MFA_ENCRYPTION_KEY,
      bcryptCost: e.BCRYPT_COST,
      passwordPepper: e.PASSWORD_PEPPER,
      passwordHashQueueLimit: e.PASSWORD_HASH_QUEUE_LIMIT,
      passwordHashThreads: e.PASSWORD_HASH_THREADS ?? defaultPoolSize(e.WEB_CONCURRENCY),
      passwordHashNiceness: e.PASSWORD_HASH_NICENESS,
      passwordMinLength: e.PASSWORD_MIN_LENGTH,
      emailConfirmationRequired: e.EMAIL_CONFIRMATION_REQUIRED,
      lockoutThreshold: e.LOCKOUT_THRESHOLD,
      lockoutMinutes: e.LOCKOUT_MINUTES,
      lockoutAccountCeiling: e.LOCKOUT_ACCOUNT_CEILING,
      rateLimit: {
        windowS: e.RATE_LIMIT_WINDOW_S,
        perIp: e.RATE_LIMIT_PER_IP,
        perAccount: e.RATE_LIMIT_PER_ACCOUNT,
      },
      adminEmails: e.ADMIN_EMAILS,
      google:
        e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
          ? {
              clientId: e.GOOGLE_CLIENT_ID,
              clientSecret: e.GOOGLE_CLIENT_SECRET,
              authorizationUrl: e.GOOGLE_AUTHORIZATION_URL,
              tokenUrl: e.GOOGLE_TOKEN_URL,
              userInfoUrl: e.GOOGLE_USERINFO_URL,
            }
          : undefined,
      googleEndpoints: {
        authorizationUrl: e.GOOGLE_AUTHORIZATION_URL,
        tokenUrl: e.GOOGLE_TOKEN_URL,
        userInfoUrl: e.GOOGLE_USERINFO_URL,
      },
    },
    oidc: { cookieKeys: e.OIDC_COOKIE_KEYS?.length ? e.OIDC_COOKIE_KEYS : undefined },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      sendRateLimit: {
        windowS: e.EMAIL_SEND_RATE_LIMIT_WINDOW_S,
        perApplication: e.EMAIL_SEND_RATE_LIMIT_PER_APPLICATION,
        perOrganizationPerDay: e.EMAIL_SEND_DAILY_LIMIT_PER_ORGANIZATION,
      },
    },
    tracking: {
      retentionDays: e.ANALYTICS_RETENTION_DAYS,
      rateLimit: {
        windowS: e.INGEST_RATE_LIMIT_WINDOW_S,
        perApplication: Math.max(
          e.INGEST_RATE_LIMIT_PER_APPLICATION,
          (e.INGEST_RATE_LIMIT_FLOOD_ADDRESSES + 1) * e.INGEST_RATE_LIMIT_PER_IP,
        ),
        perIp: e.INGEST_RATE_LIMIT_PER_IP,
        perInstallation: e.INGEST_RATE_LIMIT_PER_INSTALLATION,
      },
    },
    analytics: {
      retentionDays: e.ANALYTICS_RETENTION_DAYS,
      rollupRetentionDays: e.ROLLUP_RETENTION_DAYS,
      requestLogging: e.REQUEST_LOGGING,
    },
    health: { sampleIntervalMs: e.HEALTH_SAMPLE_INTERVAL_MS },
    alerts: { evaluationIntervalMs: e.ALERT_EVALUATION_INTERVAL_MS },
    graphql: {
      introspection:
        e.GRAPHQL_INTROSPECTION === undefined
          ? e.NODE_ENV !== 'production'
          : ['true', '1', 'yes'].includes(e.GRAPHQL_INTROSPECTION),
      graphiql: e.NODE_ENV === 'development',
    },
    webhooks: {
      allowPrivateUrls:
        e.WEBHOOK_ALLOW_PRIVATE_URLS === undefined
          ? e.NODE_ENV !== 'production'
          : ['true', '1', 'yes'].includes(e.WEBHOOK_ALLOW_PRIVATE_URLS),
      retryBaseMs: 10_000,
      maxRetryDelayMs: 6 * 3600_000,
      retryWindowMs: 24 * 3600_000,
      leaseMs: 60_000,
      requestTimeoutMs: 10_000,
      pollIntervalMs: 1_000,
    },
    assistant: {
      docsDir: path.join(repoRoot, 'docs'),
      sdkSourceDir: path.join(repoRoot, 'sdk'),
      llmUrl: e.ASSISTANT_LLM_URL,
      llmKey: e.ASSISTANT_LLM_KEY,
      llmModel: e.ASSISTANT_LLM_MODEL,
      llmTimeoutMs: e.ASSISTANT_LLM_TIMEOUT_MS,
      rateLimit: { windowS: e.ASSISTANT_RATE_LIMIT_WINDOW_S, perIp: e.ASSISTANT_RATE_LIMIT_PER_IP },
    },
  };
}
