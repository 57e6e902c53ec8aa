import { randomUUID } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from '@fixpoint/db';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import packageJson from '../package.json' with { type: 'json' };
import type { Env } from './config/env';
import { passwordPolicyFromEnv } from './config/password-policy';
import { createAuth } from './modules/auth/auth';
import { authRoutes } from './modules/auth/auth.routes';
import { createRateLimiter } from './modules/auth/rate-limit';
import { healthRoutes } from './modules/health/health.routes';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { createMetaRepository } from './modules/meta/meta.repository';
import { metaRoutes } from './modules/meta/meta.routes';
import { createMetaService } from './modules/meta/meta.service';
import { adminUsersRoutes } from './modules/user/admin-users.routes';
import { userRoutes } from './modules/user/user.routes';
import { registerIdentity } from './plugins/auth';
import { registerErrorHandling } from './plugins/errors';
import { registerOpenApi } from './plugins/openapi';
import { registerWeb } from './plugins/web';

export interface AppOptions {
  env: Env;
  database: DatabaseHandle;
  /** Signs sessions (better-auth's secret); main.ts resolves it with resolveSecretKey. */
  secretKey: string;
  logger?: FastifyServerOptions['logger'];
  /** Defaults to SMTP (SMTP_URL) or the DATA_DIR/outbox folder. */
  mailer?: Mailer;
}

const defaultWebDist = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');
const requestIdPattern = /^[\w.-]{8,64}$/;

/** Builds the whole HTTP app without listening, so tests can `inject` into it. */
export async function buildApp({ env, database, secretKey, logger = false, mailer: givenMailer }: AppOptions) {
  const app = Fastify({
    logger,
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandling(app);
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
  const auth = createAuth({
    db: database.db,
    secret: secretKey,
    mailer,
    logger: app.log,
    passwordPolicy,
    publicUrl: env.PUBLIC_URL,
    trustedOrigins,
    trustProxy: env.TRUST_PROXY,
  });
  registerIdentity(app, { auth, trustedOrigins });
  const rateLimiter = createRateLimiter(database.db, { limit: env.AUTH_RATE_LIMIT, windowMs: 15 * 60 * 1000 });
  const metaService = createMetaService({ metaRepository: createMetaRepository(database.db) });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database, version: packageJson.version });
      await api.register(metaRoutes, { metaService });
      await api.register(authRoutes, { auth, rateLimiter, passwordPolicy, hasGoogle: false });
      await api.register(userRoutes);
      await api.register(adminUsersRoutes, { db: database.db });
    },
    { prefix: '/api' },
  );

  await registerWeb(app, env.WEB_DIST_DIR ? resolve(env.WEB_DIST_DIR) : defaultWebDist);
  app.decorate('auth', auth);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
