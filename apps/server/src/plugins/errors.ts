import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { AppError, type ErrorCode, type ErrorDetail, type ErrorResponse } from '@fixpoint/shared';
import type {
  ConnectionError,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import type { RuleValidationError } from './validation';

const codeByStatus: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
  503: 'SERVICE_UNAVAILABLE',
};

/** The code an answer with this status carries when nothing more specific is known. */
export function errorCodeForStatus(status: number): ErrorCode {
  return codeByStatus[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
}

/** Fastify's own refusals of a request's body, in the words of the rest of the API. */
const fastifyMessages: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "The request body's content type is not accepted here; send JSON.",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body is not as long as its Content-Length says.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty, but its content type says JSON.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
};

export const internalErrorMessage =
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
      if (err.validation && err.validation.length > 0) {
        reply.status(400);
        const details = err.validation.map((issue) => toDetail(issue, err.validationContext));
        const first = details[0];
        return {
          code: 'VALIDATION_FAILED',
          message: first ? `Invalid ${first.path}: ${sentence(first.message)}` : 'The request is invalid.',
          requestId: req.id,
          details,
        };
      }
      if (err instanceof AppError) {
        reply.status(err.status);
        return {
          code: err.code,
          message: err.message,
          requestId: req.id,
          ...(err.details && { details: err.details }),
        };
      }
      const status = !isResponseSerializationError(err) && err.statusCode ? err.statusCode : 500;
      reply.status(status);
      if (status >= 500) return { code: 'INTERNAL', message: internalErrorMessage, requestId: req.id };
      const message = (err.code && fastifyMessages[err.code]) || err.message;
      return { code: errorCodeForStatus(status), message, requestId: req.id };
    }
  });
}

function toDetail(issue: FastifySchemaValidationError & RuleValidationError, context: string | undefined): ErrorDetail {
  return {
    path: [context, issue.instancePath.replace(/^\//, '').replaceAll('/', '.')].filter(Boolean).join('.'),
    message: issue.message ?? 'is invalid',
    ...(issue.rule && { rule: issue.rule }),
    ...(issue.ruleParams && { params: issue.ruleParams }),
  };
}

/** "must be …" words end with a full stop; a schema's own sentence already has one. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * Refusals Node's HTTP parser makes before Fastify sees a request (headers over the size limit: 431, a request
 * that takes too long to arrive: 408, bytes that are not HTTP: 400), answered in the one error shape with a request
 * id of their own, which is also logged, instead of Fastify's `{ error, message, statusCode }`. Passed to Fastify
 * as `clientErrorHandler`; Fastify binds it to the app.
 */
export function answerClientError(this: FastifyInstance, error: ConnectionError, socket: Socket) {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message]: [number, ErrorCode, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HEADERS_TOO_LARGE', 'The request headers are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'REQUEST_TIMEOUT', 'The request took too long to arrive.']
        : [400, 'BAD_REQUEST', 'The request could not be read as HTTP.'];
  const requestId = randomUUID();
  this.log.info({ reqId: requestId, code, status, parserError: error.code }, message);
  if (socket.writable) {
    const body = JSON.stringify({ code, message, requestId } satisfies ErrorResponse);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${requestId}\r\n` +
        'Cache-Control: no-store\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
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
