import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

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
});

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

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
  paths: { dashboardDist: string; sdkDist: string; widgetDist: string };
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
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    version: packageJson.version,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    mongodbUri: e.MONGODB_URI,
    dataDir: path.resolve(e.DATA_DIR),
    logLevel: e.LOG_LEVEL ?? defaultLogLevel,
    bodyLimit: e.BODY_LIMIT,
    trustProxy: e.TRUST_PROXY,
    paths: {
      dashboardDist: path.resolve(e.DASHBOARD_DIST ?? path.join(repoRoot, 'dashboard', 'dist')),
      sdkDist: path.join(repoRoot, 'sdk', 'dist'),
      widgetDist: path.join(repoRoot, 'widget', 'dist'),
    },
  };
}
