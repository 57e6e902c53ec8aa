import { randomUUID } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from '@fixpoint/db';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import packageJson from '../package.json' with { type: 'json' };
import type { Env } from './config/env';
import { healthRoutes } from './modules/health/health.routes';
import { createMetaRepository } from './modules/meta/meta.repository';
import { metaRoutes } from './modules/meta/meta.routes';
import { createMetaService } from './modules/meta/meta.service';
import { registerErrorHandling } from './plugins/errors';
import { registerOpenApi } from './plugins/openapi';
import { registerWeb } from './plugins/web';

export interface AppOptions {
  env: Env;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
}

const defaultWebDist = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');
const requestIdPattern = /^[\w.-]{8,64}$/;

/** Builds the whole HTTP app without listening, so tests can `inject` into it. */
export async function buildApp({ env, database, logger = false }: AppOptions) {
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

  const metaService = createMetaService({ metaRepository: createMetaRepository(database.db) });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database, version: packageJson.version });
      await api.register(metaRoutes, { metaService });
    },
    { prefix: '/api' },
  );

  await registerWeb(app, env.WEB_DIST_DIR ? resolve(env.WEB_DIST_DIR) : defaultWebDist);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
