import { randomUUID } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import { type ArchiveStore, createLocalArchiveStore } from '@fixpoint/caster';
import { createSecretBox, type DatabaseHandle } from '@fixpoint/db';
import { getBrand } from '@fixpoint/shared';
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Registry } from 'prom-client';
import packageJson from '../package.json' with { type: 'json' };
import { registerApiRoutes } from './api-routes';
import type { Env } from './config/env';
import { logRequests } from './config/logger';
import { passwordPolicyFromEnv } from './config/password-policy';
import { onWebhookEndpointDisabled, wireEvents } from './event-wiring';
import type { ClusterChanges } from './lib/cluster-changes';
import { createJobLock } from './lib/job-lock';
import { createAccountsRepository } from './modules/accounts/accounts.repository';
import { createAccountsService } from './modules/accounts/accounts.service';
import { casterAddressFrom } from './modules/accounts/connection-details';
import { createActivationService } from './modules/activation/activation.service';
import { registerIdempotency } from './modules/api-keys/idempotency';
import { createApiKeyResolver } from './modules/api-keys/key-access';
import { createAuth } from './modules/auth/auth';
import { createDeviceCookies } from './modules/auth/device-cookie';
import { registerIdentity } from './modules/auth/identity';
import { createLoginGuard } from './modules/auth/login-guard';
import { createLeasedRateLimiter, createRateLimiter } from './modules/auth/rate-limit';
import { createCreditsRepository } from './modules/credits/credits.repository';
import { createCreditsService } from './modules/credits/credits.service';
import { createHelpService } from './modules/help/help.service';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { createMetaRepository } from './modules/meta/meta.repository';
import { createMetaService } from './modules/meta/meta.service';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { createRinex } from './modules/rinex/rinex';
import { createSales } from './modules/sales/sales';
import { readAccountSettings } from './modules/settings/account-settings';
import { wirePayments } from './payment-wiring';
import { registerAdmission } from './plugins/admission';
import { answerClientError, registerErrorHandling } from './plugins/errors';
import { registerInputGuards } from './plugins/input-guards';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurityHeaders } from './plugins/security-headers';
import { validatorCompiler } from './plugins/validation';
import { registerWeb } from './plugins/web';
import { wireWebhooks } from './webhook-wiring';

export interface AppOptions {
  env: Env;
  database: DatabaseHandle;
  /** Signs sessions (better-auth's secret); main.ts resolves it with resolveSecretKey. */
  secretKey: string;
  logger?: FastifyServerOptions['logger'];
  /** Defaults to SMTP (SMTP_URL) or the DATA_DIR/outbox folder. */
  mailer?: Mailer;
  /** Served at GET /metrics (the caster's counters); no route without it. */
  metricsRegistry?: Registry;
  /** Where recorded streams and RINEX files live; defaults to DATA_DIR/archive (the caster's default too). */
  archiveStore?: ArchiveStore;
  /** NTRIP accounts disabled, deleted or re-keyed: main.ts tells the caster (in-process, or every one via NATS). */
  onAccountsChanged?: (accountIds: string[]) => void;
  /** With NATS_URL (main.ts): admins' writes make every API process forget its shared answers (decision 0084). */
  clusterChanges?: ClusterChanges;
}

const defaultWebDist = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');
const requestIdPattern = /^[\w.-]{8,64}$/;
/** API requests served at once on PGlite: its one connection runs one statement at a time on this thread anyway. */
const embeddedConcurrency = 8;

/** Builds the whole HTTP app without listening, so tests can `inject` into it. */
export async function buildApp({
  env,
  database,
  secretKey,
  logger = false,
  mailer: givenMailer,
  archiveStore,
  metricsRegistry,
  onAccountsChanged,
  clusterChanges,
}: AppOptions) {
  const app = Fastify({
    logger,
    // Fastify's own request lines are off: logRequests (config/logger.ts) writes one per request.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Refusals from Node's HTTP parser (431 headers too large, 408, 400) in the one error shape too.
    clientErrorHandler: answerClientError,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  app.decorateRequest('apiKey', null);
  app.decorateRequest('owner', null);
  app.decorateRequest('orgRole', null);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  logRequests(app);
  registerErrorHandling(app);
  // The embedded database shares this one thread: past its capacity, API requests are refused at once rather than
  // held for tens of seconds (docs/decisions/0083). Before identity, so a refusal costs no database read.
  if (database.kind === 'pglite') {
    registerAdmission(app, { concurrency: embeddedConcurrency, maxWaitMs: env.API_QUEUE_MAX_MS });
  }
  registerInputGuards(app);
  // Idempotency-Key on writes (docs/decisions/0077); before compression, so the answer it keeps is the plain one.
  registerIdempotency(app, { db: database.db });
  await registerSecurityHeaders(app, { isHttps: env.PUBLIC_URL?.startsWith('https://') ?? false });
  // Answers over 1 KB (API JSON, the branded index.html) go out compressed, brotli at the plugin's quality 4 (it
  // runs per response); built assets are precompressed (plugins/web.ts, docs/decisions/0037). Request bodies are
  // never inflated: nothing we accept is sent compressed, and inflating is a way to smuggle in a large body.
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });
  await registerOpenApi(app, packageJson.version);

  const mailer =
    givenMailer ??
    createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      outboxDir: join(env.DATA_DIR, 'outbox'),
      logger: app.log,
    });
  app.addHook('onClose', async () => mailer.close());

  const trustedOrigins = [
    ...(env.PUBLIC_URL ? [new URL(env.PUBLIC_URL).origin] : []),
    ...(env.NODE_ENV === 'development' ? ['http://localhost:5173', 'http://127.0.0.1:5173'] : []),
  ];
  const passwordPolicy = passwordPolicyFromEnv(env);
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? {
          clientId: env.GOOGLE_CLIENT_ID,
          clientSecret: env.GOOGLE_CLIENT_SECRET,
          discoveryUrl: env.GOOGLE_DISCOVERY_URL,
        }
      : undefined;
  const auth = createAuth({
    db: database.db,
    secret: secretKey,
    mailer,
    logger: app.log,
    passwordPolicy,
    publicUrl: env.PUBLIC_URL,
    trustedOrigins,
    trustProxy: env.TRUST_PROXY,
    google,
    brand: getBrand(env.BRAND),
  });
  // API keys (docs/decisions/0077): looked up by hash, limited per key in the same table as the sign-in limits, a
  // block of the allowance at a time (docs/decisions/0082).
  const resolveApiKey = createApiKeyResolver({
    db: database.db,
    hotReads: database.hotReads,
    limiter: createLeasedRateLimiter(database.db, { limit: env.API_KEY_RATE_LIMIT, windowMs: 60_000 }),
  });
  registerIdentity(app, { auth, hotReads: database.hotReads, trustedOrigins, resolveApiKey });
  if (!env.PUBLIC_URL && env.NODE_ENV !== 'test') {
    app.log.warn(
      `PUBLIC_URL is not set: links in e-mails point at http://localhost:${env.PORT}, and password-reset and verification e-mails are sent only for requests to this machine; set PUBLIC_URL to the portal address`,
    );
  }
  const rateLimiter = createRateLimiter(database.db, { limit: env.AUTH_RATE_LIMIT, windowMs: 15 * 60 * 1000 });
  const loginGuard = createLoginGuard(database.db, {
    pairLimit: env.AUTH_RATE_LIMIT,
    addressLimit: env.AUTH_RATE_LIMIT * 5,
    // Browsers that signed in before pass a shared address's lock (docs/decisions/0062).
    deviceCookies: createDeviceCookies({ secret: secretKey, isHttps: env.PUBLIC_URL?.startsWith('https://') ?? false }),
  });
  const metaService = createMetaService({ metaRepository: createMetaRepository(database.db) });
  const creditsRepository = createCreditsRepository(database.db, database.hotReads);
  const creditsService = createCreditsService({ db: database.db, creditsRepository });
  const activationService = createActivationService({ db: database.db, creditsRepository });
  const brand = getBrand(env.BRAND);
  const secretBox = createSecretBox(secretKey);
  // The clocks' rounds run in one process at a time across every API process (docs/decisions/0084).
  const exclusive = createJobLock(database);
  // Outgoing webhooks (docs/decisions/0078): accounts and payments report through the hooks wired here; an endpoint
  // disabled after 24 hours of failures is told to its owner as an alert (event-wiring.ts).
  const { webhooks, onAccountEvent, onInvoicePaid } = wireWebhooks({
    env,
    db: database.db,
    secretBox,
    logger: app.log,
    onEndpointDisabled: onWebhookEndpointDisabled,
  });
  app.addHook('onClose', () => webhooks.stop());
  const casterAddress = casterAddressFrom(env);
  const accountsRepository = createAccountsRepository(database.db, database.hotReads);
  const accountsService = createAccountsService({
    accountsRepository,
    secretBox,
    usernamePrefix: brand.ntripUsernamePrefix,
    limits: () => readAccountSettings(database.db),
    onAccountEvent,
    casterAddress,
    ...(onAccountsChanged && { onAccountsChanged }),
  });
  // Payments (docs/decisions/0036): Stripe when configured, else the local test provider and its billing clock;
  // billing and subscriptions take part in a payment through the effects payment-wiring.ts hands in (0068).
  const payments = wirePayments({
    env,
    db: database.db,
    creditsRepository,
    mailer,
    brandName: brand.name,
    logger: app.log,
    exclusive,
    onInvoicePaid,
  });
  const { localRenewals } = payments;
  const rinex = createRinex({
    db: database.db,
    store: archiveStore ?? createLocalArchiveStore(join(env.DATA_DIR, 'archive')),
    creditsRepository,
    logger: app.log,
    brandName: brand.name,
    exclusive,
  });
  app.addHook('onClose', () => rinex.worker.stop());
  // Sales requests (docs/decisions/0047): stored at once, forwarded to SALES_WEBHOOK_URL in the background.
  const sales = createSales({ db: database.db, webhookUrl: env.SALES_WEBHOOK_URL, logger: app.log });
  app.addHook('onClose', () => sales.forwarder.stop());
  const stopClock = payments.startClock();
  app.addHook('onClose', async () => stopClock());
  // Alerts (docs/decisions/0076): the caster's and the sweeps' events fanned out in-app, by e-mail and to webhooks.
  const notifications = wireEvents({
    env,
    db: database.db,
    mailer,
    logger: app.log,
    brandName: brand.name,
    staticLanguage: brand.staticLanguage,
    exclusive,
  });
  notifications.worker.start();
  app.addHook('onClose', () => notifications.worker.stop());

  await app.register(
    (api) =>
      registerApiRoutes(api, {
        env,
        database,
        log: app.log,
        mailer,
        secretBox,
        brand,
        auth,
        rateLimiter,
        loginGuard,
        passwordPolicy,
        rinexService: rinex.service,
        adminArchiveService: rinex.adminArchiveService,
        sales,
        webhooksService: webhooks.service,
        notificationsService: notifications.service,
        hasGoogle: Boolean(google),
        metaService,
        helpService: createHelpService({ accountsRepository, casterAddress: casterAddressFrom(env) }),
        creditsService,
        activationService,
        accountsService,
        payments,
        casterAddress,
        exclusive,
        clusterChanges,
        ...(onAccountsChanged && { onAccountsChanged }),
      }),
    { prefix: '/api' },
  );

  if (metricsRegistry) {
    await app.register(metricsRoutes, { registry: metricsRegistry, token: env.METRICS_TOKEN });
  }
  await registerWeb(
    app,
    env.WEB_DIST_DIR ? resolve(env.WEB_DIST_DIR) : defaultWebDist,
    {
      brand: env.BRAND,
      analyticsScriptUrl: env.ANALYTICS_SCRIPT_URL ?? null,
      ...(env.MAP_STYLE_URL ? { mapStyleUrl: env.MAP_STYLE_URL } : {}),
    },
    // A visitor's dashboard is prerendered; a request with this cookie is not a visitor's (docs/decisions/0053).
    {
      sessionCookieName: (await auth.$context).authCookies.sessionToken.name,
      pageMeta: () => metaService.storedPages(),
    },
  );
  app.decorate('auth', auth);
  app.decorate('localRenewals', localRenewals);
  app.decorate('payments', payments);
  app.decorate('rinexWorker', rinex.worker);
  app.decorate('salesForwarder', sales.forwarder);
  app.decorate('webhooks', webhooks);
  app.decorate('alerts', notifications.worker);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
