import { AppError, type ErrorCode, type ErrorResponse } from '@fixpoint/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

const codeByStatus: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

const internalMessage =
  'Something went wrong on our side. Please try again; if it keeps happening, quote the request id.';

/** The one error handler: every failure leaves as `{ code, message, requestId }`; 5xx details stay in the log. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = toErrorResponse(error, request);
    if (reply.statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: body.code, status: reply.statusCode }, body.message);
    }
    return reply.send(body);

    function toErrorResponse(err: FastifyError, req: FastifyRequest): ErrorResponse {
      if (hasZodFastifySchemaValidationErrors(err)) {
        reply.status(400);
        const details = err.validation.map((issue) => ({
          path: [err.validationContext, issue.instancePath.replace(/^\//, '').replaceAll('/', '.')]
            .filter(Boolean)
            .join('.'),
          message: issue.message ?? 'is invalid',
        }));
        const first = details[0];
        return {
          code: 'VALIDATION_FAILED',
          message: first ? `Invalid ${first.path}: ${first.message}` : 'The request is invalid.',
          requestId: req.id,
          details,
        };
      }
      if (err instanceof AppError) {
        reply.status(err.status);
        return { code: err.code, message: err.message, requestId: req.id };
      }
      const status = !isResponseSerializationError(err) && err.statusCode ? err.statusCode : 500;
      reply.status(status);
      if (status >= 500) return { code: 'INTERNAL', message: internalMessage, requestId: req.id };
      return { code: codeByStatus[status] ?? 'BAD_REQUEST', message: err.message, requestId: req.id };
    }
  });
}

/** Answers an unknown API route the same way as every other error. */
export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0];
  return reply.status(404).send({
    code: 'NOT_FOUND',
    message: `No route ${request.method} ${path}.`,
    requestId: request.id,
  } satisfies ErrorResponse);
}
