import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { apiDocsContentSecurityPolicy } from './security-headers';

/** OpenAPI document built from the routes' Zod schemas; browsable at /api/docs, JSON at /api/docs/json. */
export async function registerOpenApi(app: FastifyInstance, version: string) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Fixpoint API',
        description:
          'GNSS correction platform: accounts, credits, networks, RINEX and the NTRIP caster.\n\n' +
          'Sign up with `POST /api/auth/sign-up/email` or sign in with `POST /api/auth/sign-in/email`: the answer ' +
          'carries a bearer token in its `set-auth-token` header. Send it as `Authorization: Bearer <token>` on ' +
          'every other call (browsers use the session cookie instead). Errors answer `{ code, message, requestId }`.',
        version,
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  // The docs page under its own strict policy; no validator badge, which would load an image from swagger.io.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: apiDocsContentSecurityPolicy,
    uiConfig: { validatorUrl: null },
  });
}
