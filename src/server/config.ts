import { z } from 'zod';

/** Environment parsed once at start; every default is chosen so `npm start` just works. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  APP_NAME: z.string().min(1).default('Motorpool'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'DATABASE_POOL_SIZE must be a number' })
    .int('DATABASE_POOL_SIZE must be a whole number')
    .min(1, 'DATABASE_POOL_SIZE must be at least 1')
    .max(1000, 'DATABASE_POOL_SIZE must be at most 1000')
    .default(10),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  STAFF_IDLE_TIMEOUT_MINUTES: z.coerce.number().positive().default(30),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  LOGIN_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  LOGIN_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  SIGN_IN_CHALLENGE_BITS: z.coerce.number().int().min(1).max(24).default(18),
  CHECKOUT_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(20),
  CHECKOUT_DECLINES_PER_CUSTOMER: z.coerce.number().int().positive().default(5),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  FLEET_CRM_URL: z.string().url().optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  /** Where the Stripe SDK sends its calls; only for tests against a local Stripe-speaking server. */
  STRIPE_API_URL: z.string().url().optional(),
  BILLING_JOB_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ error: 'SHUTDOWN_TIMEOUT_MS must be a number of milliseconds' })
    .int('SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds')
    .min(1, 'SHUTDOWN_TIMEOUT_MS must be at least 1')
    .max(3_600_000, 'SHUTDOWN_TIMEOUT_MS must be at most 3600000 (an hour)')
    .default(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  SMTP_URL: z.string().url().optional(),
  /** The address people reach the product at, for links in emails; default http://localhost:PORT. */
  PUBLIC_URL: z.string().url().optional(),
  EMAIL_FROM: z.string().min(3).optional(),
  /** SendGrid's SMTP relay; only changed for tests against a local SMTP server. */
  SENDGRID_SMTP_URL: z.string().url().default('smtp://smtp.sendgrid.net:587'),
  EMAIL_DELIVERY_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  EMAIL_AUTOMATION_SECONDS: z.coerce.number().int().min(0).max(86400).optional(),
  EXTERNAL_DB_URL: z.string().url().optional(),
  EXTERNAL_DB_API_KEY: z.string().trim().min(1).optional(),
  EXTERNAL_DB_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Where the HubSpot and Salesforce SDKs send their calls; only for tests against local servers. */
  HUBSPOT_API_URL: z.string().url().optional(),
  SALESFORCE_INSTANCE_URL: z.string().url().optional(),
  /** How often an instance checks whether the CRM auto-sync is due; 0 turns the check off. */
  CRM_AUTO_SYNC_CHECK_SECONDS: z.coerce.number().int().min(0).max(86400).optional(),
  FLEET_CRM_VALIDATE_URL: z.string().url().optional(),
  FLEET_CRM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  HEALTH_REPORT_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  METRICS_TOKEN: z.string().trim().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** Embedded database: a statement that holds it this long is logged (warn). */
  SLOW_STATEMENT_MS: z.coerce.number().int().min(1).max(600_000).default(250),
  SETTINGS_ENCRYPTION_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const key = settingsKeyBytes(v);
      if (!key) {
        ctx.addIssue({
          code: 'custom',
          message: 'SETTINGS_ENCRYPTION_KEY must be 32 bytes, written as 64 hex digits or in base64',
        });
        return z.NEVER;
      }
      return key;
    }),
});

/** The host of the public address, or motorpool.local when it is localhost or unset. */
function emailHost(publicUrl: string | undefined): string {
  const host = publicUrl ? new URL(publicUrl).hostname : 'localhost';
  return host === 'localhost' || /^[\d.]+$/.test(host) ? 'motorpool.local' : host;
}

/** 32 bytes as 64 hex digits or as base64 (standard or URL-safe), or null. */
function settingsKeyBytes(text: string): Buffer | null {
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) return null;
  const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === 32 ? bytes : null;
}

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appName: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections the PostgreSQL pool may open (DATABASE_URL only; the embedded database has one). */
  databasePoolSize: number;
  /** How long a SIGTERM or SIGINT may take to drain before the process exits anyway (docs/operations.md). */
  shutdownTimeoutMs: number;
  /** Seed demo data: always in embedded mode unless SEED_DEMO=false, only with SEED_DEMO=true on a server. */
  seedDemo: boolean;
  sessionTtlMs: number;
  /** Staff sessions end after this long without a request (customers: their portal setting). */
  staffIdleTimeoutSeconds: number;
  loginRateLimitPerIp: number;
  /** Failed sign-ins per account (15 minutes) before each attempt needs a solved challenge. */
  loginRateLimitPerAccount: number;
  /** Leading zero bits of that challenge: each bit doubles the browser's work (about half a second at 18). */
  signInChallengeBits: number;
  checkoutRateLimitPerIp: number;
  /** Declined checkout payments per customer in an hour before further attempts wait (429). */
  checkoutDeclinesPerCustomer: number;
  bodyLimit: number;
  fleetCrmUrl: string | undefined;
  /** The external fleet CRM's token-validation endpoint (POST {token, email}; docs/fleet-crm.md). */
  fleetCrmValidateUrl: string | undefined;
  fleetCrmTimeoutMs: number;
  trustProxy: boolean;
  logLevel: string;
  /** 'auto': Secure when the request arrived over HTTPS (directly or via a trusted proxy). */
  cookieSecure: 'auto' | 'always' | 'never';
  /** Stripe when both keys are set; otherwise the offline sandbox provider. */
  stripe: {
    secretKey: string;
    publishableKey: string;
    webhookSecret: string | undefined;
    apiUrl: string | undefined;
  } | null;
  /** How often the billing job runs in this process; 0 turns it off (tests drive it by hand). */
  billingJobIntervalMs: number;
  /**
   * The key material for secrets kept encrypted at rest (staff-set temporary passwords). Unset: a
   * random key made once and kept in the database's app_meta (docs/staff-customers.md).
   */
  appSecret: string | undefined;
  /** Outgoing mail server (System Health shows email as configured with it or a SendGrid key). */
  smtpUrl: string | undefined;
  /** The product's own address, for links in emails (no trailing slash). */
  publicUrl: string;
  /** The From of every email: `EMAIL_FROM`, or the product's name at no-reply@ the public host. */
  emailFrom: string;
  sendgridSmtpUrl: string;
  /** How often this instance's outbox delivery job runs; 0: never by itself (tests' default). */
  emailDeliveryMs: number;
  /** How often the automation rules are checked; 0: never by itself (tests' default). */
  emailAutomationMs: number;
  /** The external database's API (or the `externalDbUrl` API setting). */
  externalDbUrl: string | undefined;
  /** The external database's API key (or the `externalDbApiKey` API setting, which wins). */
  externalDbApiKey: string | undefined;
  externalDbTimeoutMs: number;
  /** Test-only base URLs for the CRM SDKs (local servers speaking their APIs). */
  hubspotApiUrl: string | undefined;
  salesforceInstanceUrl: string | undefined;
  /** How often this instance checks whether the CRM auto-sync is due; 0: never (tests' default). */
  crmAutoSyncCheckMs: number;
  /** How often this instance writes its System Health report; 0: never by itself (tests' default). */
  healthReportMs: number;
  /** The bearer token `GET /metrics` asks for; unset: only this machine (loopback) may read it. */
  metricsToken: string | undefined;
  /** Embedded database only: statements that held the engine this long are logged (docs/system-health.md). */
  slowStatementMs: number;
  /**
   * The key API settings are sealed with (docs/system-settings.md). Unset: in embedded mode a key made
   * once into DATA_DIR; with DATABASE_URL one derived from APP_SECRET, or none (saving a secret is refused).
   */
  settingsEncryptionKey: Buffer | undefined;
};

/**
 * Reads `file` (default `.env` in the working directory) into `process.env` when it exists. A variable
 * the environment already has wins over the file, even when empty: that is `process.loadEnvFile`'s
 * contract (Node's `--env-file` rule), so a deployment can override the file without editing it.
 * Answers whether a file was read. main.ts and the CLIs call it before `loadConfig`.
 */
export function loadEnvFile(file = '.env'): boolean {
  try {
    process.loadEnvFile(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (!!e.STRIPE_SECRET_KEY !== !!e.STRIPE_PUBLISHABLE_KEY) {
    throw new Error(
      'Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be set together',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appName: e.APP_NAME,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    staffIdleTimeoutSeconds: Math.round(e.STAFF_IDLE_TIMEOUT_MINUTES * 60),
    loginRateLimitPerIp: e.LOGIN_RATE_LIMIT_PER_IP,
    loginRateLimitPerAccount: e.LOGIN_RATE_LIMIT_PER_ACCOUNT,
    signInChallengeBits: e.SIGN_IN_CHALLENGE_BITS,
    checkoutRateLimitPerIp: e.CHECKOUT_RATE_LIMIT_PER_IP,
    checkoutDeclinesPerCustomer: e.CHECKOUT_DECLINES_PER_CUSTOMER,
    bodyLimit: e.BODY_LIMIT_BYTES,
    fleetCrmUrl: e.FLEET_CRM_URL,
    fleetCrmValidateUrl: e.FLEET_CRM_VALIDATE_URL,
    fleetCrmTimeoutMs: e.FLEET_CRM_TIMEOUT_MS,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL,
          }
        : null,
    billingJobIntervalMs: e.BILLING_JOB_INTERVAL_SECONDS * 1000,
    appSecret: e.APP_SECRET,
    smtpUrl: e.SMTP_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    emailFrom: e.EMAIL_FROM ?? `"${e.APP_NAME}" <no-reply@${emailHost(e.PUBLIC_URL)}>`,
    sendgridSmtpUrl: e.SENDGRID_SMTP_URL,
    emailDeliveryMs: (e.EMAIL_DELIVERY_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 5)) * 1000,
    emailAutomationMs: (e.EMAIL_AUTOMATION_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 60)) * 1000,
    externalDbUrl: e.EXTERNAL_DB_URL,
    externalDbApiKey: e.EXTERNAL_DB_API_KEY,
    externalDbTimeoutMs: e.EXTERNAL_DB_TIMEOUT_MS,
    hubspotApiUrl: e.HUBSPOT_API_URL,
    salesforceInstanceUrl: e.SALESFORCE_INSTANCE_URL,
    crmAutoSyncCheckMs: (e.CRM_AUTO_SYNC_CHECK_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 60)) * 1000,
    healthReportMs: (e.HEALTH_REPORT_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 5)) * 1000,
    metricsToken: e.METRICS_TOKEN,
    slowStatementMs: e.SLOW_STATEMENT_MS,
    settingsEncryptionKey: e.SETTINGS_ENCRYPTION_KEY,
    cookieSecure: e.COOKIE_SECURE === 'auto' ? 'auto' : e.COOKIE_SECURE === 'true' ? 'always' : 'never',
  };
}
