import path from 'node:path';
import { z } from 'zod';
import { defaultHashConcurrency } from './lib/hash-threads.js';

/** Environment -> typed configuration, in one place. Every variable is documented in the README. */
const zEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().url().optional(),
  // The tables' owner: runs the migrations and the demo seed and grants DATABASE_URL's role what it needs.
  MIGRATION_DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().default('./data'),
  APP_NAME: z.string().default('Arandu'),
  APP_ENV: z.string().default('Prod'),
  APP_VERSION: z.string().default('0.1.0'),
  BUILD_NUMBER: z.string().default('1'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Arandu <no-responder@ing.edu.py>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
  MAX_CONCURRENT_HASHES: z.coerce.number().int().min(1).max(64).optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  // Lets a Prometheus server read /api/metrics without a user session (an admin's session also may).
  METRICS_TOKEN: z.string().min(16).max(200).optional(),
  // 32 random bytes in base64 (`openssl rand -base64 32`): encrypts the second factors' secrets at rest.
  MFA_ENCRYPTION_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'deben ser 32 bytes en base64 (openssl rand -base64 32)')
    .optional(),
  // 32 random bytes in base64: the key of the calendar feeds' links (issue 45); without it the database keeps one.
  CALENDAR_FEED_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'deben ser 32 bytes en base64 (openssl rand -base64 32)')
    .optional(),
  // Institutional sign-in (OpenID Connect); all three or none.
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  // 'alumno': a verified e-mail without a user becomes a student on first sign-in (decision record 018).
  OIDC_CREATE_USERS: z.enum(['alumno']).optional(),
  // The claim that carries the document number (a Keycloak attribute mapper, an Entra ID optional claim).
  OIDC_DOCUMENT_CLAIM: z.string().min(1).default('documento'),
  // The address users reach Arandu at (for the provider's redirect), e.g. https://arandu.ing.edu.py.
  PUBLIC_URL: z.string().url().optional(),
  // ClamAV's daemon: a Unix socket's path or host:port; every handed-in file is scanned before it is taken.
  CLAMAV_SOCKET: z.string().min(1).optional(),
  // An S3-compatible bucket for handed-in files' bytes (decision 030); without S3_BUCKET they stay in PostgreSQL.
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  // A server other than AWS (MinIO, Ceph, Garage…): its address, e.g. http://127.0.0.1:9000.
  S3_ENDPOINT: z.string().url().optional(),
  // Both or neither: without them the SDK's own chain (AWS_* variables, the machine's role).
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // Bucket in the path (http://host/bucket/key), as most S3-compatible servers want; true by default with S3_ENDPOINT.
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  S3_PREFIX: z.string().max(200).default(''),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  databaseUrl: string | undefined;
  migrationDatabaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
  appName: string;
  appEnv: string;
  appVersion: string;
  buildNumber: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  webDist: string | undefined;
  trustProxy: boolean;
  seedDemo: 'auto' | 'always' | 'never';
  maxConcurrentHashes: number;
  rateLimitPerMinute: number;
  metricsToken: string | undefined;
  mfaEncryptionKey: Buffer | undefined;
  calendarFeedKey: Buffer | undefined;
  oidc: OidcConfig | undefined;
  publicUrl: string | undefined;
  clamavSocket: string | undefined;
  s3: S3Config | undefined;
};

/** Where handed-in files' bytes go when `S3_BUCKET` is set (lib/storage/s3-storage.ts). */
export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  /** Put before every object's key ('arandu/'), so one bucket can hold more than Arandu's files. */
  prefix: string;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** `OIDC_CREATE_USERS=alumno`: who has no user yet becomes a student (without a record) on first sign-in. */
  createStudents?: boolean;
  /** `OIDC_DOCUMENT_CLAIM`: the claim with the document number, read when creating a student. */
  documentClaim: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  // An empty variable means "not set", as in most tools (DATABASE_URL= runs on PGlite).
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = zEnv.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Configuración inválida: ${problems}`);
  }
  const e = parsed.data;
  if (e.MIGRATION_DATABASE_URL && !e.DATABASE_URL) {
    throw new Error('Configuración inválida: MIGRATION_DATABASE_URL necesita DATABASE_URL (el rol de la aplicación)');
  }
  const oidcSet = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET].filter(Boolean).length;
  if (oidcSet !== 0 && oidcSet !== 3) {
    throw new Error('Configuración inválida: OIDC_ISSUER, OIDC_CLIENT_ID y OIDC_CLIENT_SECRET van juntas');
  }
  const s3Set = [e.S3_ENDPOINT, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY, e.S3_FORCE_PATH_STYLE].some(Boolean);
  if (s3Set && !e.S3_BUCKET) {
    throw new Error('Configuración inválida: las variables S3_* necesitan S3_BUCKET (el balde donde van los archivos)');
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Configuración inválida: S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY van juntas');
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    migrationDatabaseUrl: e.MIGRATION_DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: path.resolve(e.DATA_DIR),
    appName: e.APP_NAME,
    appEnv: e.APP_ENV,
    appVersion: e.APP_VERSION,
    buildNumber: e.BUILD_NUMBER,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO,
    maxConcurrentHashes: e.MAX_CONCURRENT_HASHES ?? defaultHashConcurrency(),
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    metricsToken: e.METRICS_TOKEN,
    mfaEncryptionKey: e.MFA_ENCRYPTION_KEY ? Buffer.from(e.MFA_ENCRYPTION_KEY, 'base64') : undefined,
    calendarFeedKey: e.CALENDAR_FEED_KEY ? Buffer.from(e.CALENDAR_FEED_KEY, 'base64') : undefined,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            createStudents: e.OIDC_CREATE_USERS === 'alumno',
            documentClaim: e.OIDC_DOCUMENT_CLAIM,
          }
        : undefined,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    clamavSocket: e.CLAMAV_SOCKET,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' : e.S3_ENDPOINT !== undefined,
          prefix: e.S3_PREFIX,
        }
      : undefined,
    ...overrides,
  };
}
