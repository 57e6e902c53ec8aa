import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { apiDocsContentSecurityPolicy } from './security-headers';

/** OpenAPI document built from the routes' Zod schemas; browsable at /api/docs, JSON at /api/docs/json. */
export async function registerOpenApi(app: FastifyInstance, version: string) {
  // A route an API key may call (its `config.apiKeyScope`) lists the key scheme with that scope beside the session.
  app.addHook('onRoute', (route) => {
    const scope = route.config?.apiKeyScope;
    if (!scope || !route.schema) return;
    const schema = route.schema as { security?: Record<string, string[]>[]; description?: string };
    schema.security = [...(schema.security ?? [{ bearerAuth: [] }]), { apiKey: [scope] }];
    const note = `API key scope: \`${scope}\`.`;
    schema.description = schema.description ? `${schema.description}\n\n${note}` : note;
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Fixpoint API',
        description:
          'GNSS correction platform: accounts, credits, networks, RINEX and the NTRIP caster.\n\n' +
          'Sign up with `POST /api/auth/sign-up/email` or sign in with `POST /api/auth/sign-in/email`: the answer ' +
          'carries a bearer token in its `set-auth-token` header. Send it as `Authorization: Bearer <token>` on ' +
          'every other call (browsers use the session cookie instead). Errors answer `{ code, message, requestId }`. ' +
          'A server on the embedded database past its capacity refuses a request within API_QUEUE_MAX_MS (2 s) ' +
          'with 503 `SERVER_BUSY` and `Retry-After`; nothing of a refused request was done, so it is safe to send ' +
          'again.\n\n' +
          'Integrations use an API key instead (`POST /api/api-keys`, docs/integration-api.md): ' +
          "`Authorization: Bearer fpk_…` acts as the key's owner on the routes whose security lists `apiKey` with one " +
          'of its scopes; any other route answers 403 (`INSUFFICIENT_SCOPE` or `API_KEY_NOT_ALLOWED`). Writes accept ' +
          'an `Idempotency-Key` header: a retry with the same key answers the first answer.',
        version,
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'fpk_…',
            description:
              'An API key (docs/decisions/0077). The scopes listed on a route are the ones a key needs for it; a ' +
              'route without `apiKey` in its security refuses keys. At most API_KEY_RATE_LIMIT (default 600) ' +
              'requests a minute per key, then 429 RATE_LIMITED with Retry-After.',
          },
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
