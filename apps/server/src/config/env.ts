import { resolve } from 'node:path';
import { brandKeySchema, defaultBrandKey } from '@fixpoint/shared';
import { z } from 'zod';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const port = z.coerce.number().int().min(0).max(65_535);

/**
 * Every environment variable the server reads, parsed once at start-up. The README's configuration table lists
 * the same variables; keep both in step.
 */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: port.default(8080),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOG_PRETTY: booleanString.optional(),
    WEB_DIST_DIR: z.string().min(1).optional(),
    PUBLIC_URL: z.url().optional(),
    TRUST_PROXY: booleanString.default(false),
    /** Key for secrets at rest (NTRIP passwords) and for signing sessions: 64 hex characters or 32 bytes base64. */
    // Identity
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8).optional(),
    PASSWORD_MIN_LENGTH: z.coerce.number().int().min(6).max(128).default(8),
    PASSWORD_MAX_LENGTH: z.coerce.number().int().min(8).max(256).default(128),
    PASSWORD_REQUIRE_LOWERCASE: booleanString.default(false),
    PASSWORD_REQUIRE_UPPERCASE: booleanString.default(false),
    PASSWORD_REQUIRE_DIGIT: booleanString.default(false),
    PASSWORD_REQUIRE_SYMBOL: booleanString.default(false),
    /** Sign-in and password-reset attempts allowed per IP address, and per e-mail address, in a 15-minute window. */
    AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    /** Requests one API key may make per minute, counted across processes (docs/decisions/0077). */
    API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
    /**
     * On the embedded database: the longest an API request waits for its turn once the server is saturated (ms);
     * past it, 503 SERVER_BUSY with Retry-After (docs/decisions/0083).
     */
    API_QUEUE_MAX_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
    // Google sign-in (hidden unless both are set); the discovery URL is configurable so tests use a local provider.
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_DISCOVERY_URL: z.url().default('https://accounts.google.com/.well-known/openid-configuration'),
    // What the portal tells users to point their receivers at (the caster's public address).
    /** Read here only to tell users the port; the caster parses its own CASTER_* settings (apps/caster/src/config.ts). */
    CASTER_PORT: port.default(2101),
    CASTER_PUBLIC_HOST: z.string().min(1).optional(),
    CASTER_PUBLIC_PORT: port.optional(),
    /** The caster's NTRIP-over-TLS port (the caster reads its certificate itself); shown to users when set. */
    CASTER_TLS_PORT: port.optional(),
    // E-mail
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    MAIL_FROM: z.string().min(3).default('Fixpoint <no-reply@fixpoint.local>'),
    /** Alerts (decision 0076): a person's alerts within this long of the first go out as one e-mail. */
    ALERT_MAIL_BURST_SECONDS: z.coerce.number().min(0).max(3600).default(20),
    /** Alert e-mails sent per second at most, however many people an outage reaches (the SMTP relay's pace). */
    ALERT_MAILS_PER_SECOND: z.coerce.number().int().min(1).max(1000).default(20),
    SECRET_KEY: z.string().min(32, 'must be at least 32 characters (64 hex characters recommended)').optional(),
    // Branding and analytics (docs/decisions/0015)
    /** The brand the portal runs under; an unknown key stops start-up naming the allowed ones. */
    BRAND: brandKeySchema.default(defaultBrandKey),
    /** Web-analytics script the portal loads (an http(s) URL or a path on this server); unset loads none. */
    ANALYTICS_SCRIPT_URL: z
      .union([z.url({ protocol: /^https?$/ }), z.string().regex(/^\/[^/]/)], {
        error: 'must be an http(s) URL or an absolute path',
      })
      .optional(),
    /** A public MapLibre style (https URL) the maps use instead of the offline base map shipped with the app. */
    MAP_STYLE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    // Payments (docs/decisions/0036): Stripe when both are set, else the local test provider.
    STRIPE_SECRET_KEY: z
      .string()
      .regex(
        /^(sk|rk)_(test|live)_\w+$/,
        'must be a Stripe secret key (sk_test_..., sk_live_... or a restricted rk_ key)',
      )
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w+$/, 'must be a webhook signing secret (whsec_...)')
      .optional(),
    /** The card form's key (pk_...); without it the billing page cannot show Stripe's card form. */
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_(test|live)_\w+$/, 'must be a publishable key (pk_...)')
      .optional(),
    /** Another Stripe API address (tests point the SDK at a local double); unset: Stripe's own. */
    STRIPE_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    /** With it, GET /metrics wants `Authorization: Bearer <METRICS_TOKEN>`. */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /** Days a past-due subscription keeps its accounts' access after its period ended (docs/decisions/0038). */
    SUBSCRIPTION_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(3),
    /** Organisations one user may create (spec 9: the per-user maximum; docs/decisions/0041). */
    ORG_MAX_PER_USER: z.coerce.number().int().min(1).max(1000).default(3),
    /** Days an invitation to an organisation stays open. */
    ORG_INVITE_DAYS: z.coerce.number().int().min(1).max(90).default(14),
    /** Seconds between runs of the billing clock: local renewals, receipts a failed mail left, reminders due. */
    BILLING_CLOCK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /**
     * The automation webhook sales requests are forwarded to (POST, JSON; docs/decisions/0047). Unset: leads are
     * stored and wait. Credentials in it are sent as basic auth; logs show its origin and path only.
     */
    SALES_WEBHOOK_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    /**
     * Outgoing webhooks may go to loopback, private and link-local addresses (tests and local use only; decision
     * 0078). Off: such targets are refused when added and again at every delivery, after DNS resolution.
     */
    WEBHOOK_ALLOW_PRIVATE_TARGETS: booleanString.default(false),
    /** `npm run start:api` only: this many API processes sharing PORT (node:cluster; decision 0084). */
    API_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY'],
        message: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set together (Stripe needs both)',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(readonly issues: { variable: string; message: string }[]) {
    super(`Invalid environment:\n${issues.map((issue) => `  ${issue.variable}: ${issue.message}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses the environment, treating empty strings as unset; throws EnvError naming every bad variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => ({ variable: issue.path.join('.'), message: issue.message })),
    );
  }
  return { ...result.data, DATA_DIR: resolve(result.data.DATA_DIR) };
}
