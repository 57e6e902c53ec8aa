import { z } from 'zod';

/**
 * Every error the API answers with has one of these codes. The web maps each code to a translated message;
 * new codes are added here first so server and web stay in step.
 */
export const errorCodes = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'REQUEST_TIMEOUT',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'HEADERS_TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
  /** 503 with Retry-After: the embedded database is saturated; the request was refused before anything was done. */
  'SERVER_BUSY',
  'UPSTREAM_FAILED',
  /** 403: accepting an invitation, becoming admin or changing the address needs a verified address. */
  'EMAIL_NOT_VERIFIED',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/**
 * What a refused field broke, named so a client can say it in its user's language (`minLength` with `count: 8`:
 * "must be at least 8 characters long"). The server's `message` says the same in English.
 */
export const validationRules = [
  'required',
  'type',
  'integer',
  'minLength',
  'maxLength',
  'length',
  'min',
  'max',
  'greaterThan',
  'lessThan',
  'minItems',
  'maxItems',
  'multipleOf',
  'email',
  'url',
  'id',
  'date',
  'dateTime',
  'pattern',
  'choice',
  'unknownField',
  'lowercase',
  'uppercase',
  'digit',
  'symbol',
  'controlCharacters',
  'invalid',
] as const;

export type ValidationRule = (typeof validationRules)[number];

export const errorDetailSchema = z.object({
  path: z.string(),
  message: z.string(),
  /** Absent when the message is a sentence written for this field (`Give the account a name.`). */
  rule: z.enum(validationRules).optional(),
  /** The rule's numbers and names: `count` (lengths, items), `limit` (numbers), `expected`, `keys`. */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

export type ErrorDetail = z.infer<typeof errorDetailSchema>;

export const errorResponseSchema = z
  .object({
    code: z.string(),
    message: z.string(),
    requestId: z.string().optional(),
    details: z.array(errorDetailSchema).optional(),
  })
  .meta({ id: 'Error' });

export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Thrown by services; the server's one error handler turns it into `{ code, message, requestId }`. */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  /** The fields at fault and the rules they broke, sent along as the answer's `details`. */
  readonly details: ErrorDetail[] | undefined;

  constructor(
    code: ErrorCode | (string & {}),
    status: number,
    message: string,
    options?: ErrorOptions & { details?: ErrorDetail[] },
  ) {
    super(message, options);
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    this.details = options?.details;
  }

  static notFound(message = 'Not found.') {
    return new AppError('NOT_FOUND', 404, message);
  }

  static unauthorized(message = 'You need to sign in.') {
    return new AppError('UNAUTHORIZED', 401, message);
  }

  static forbidden(message = 'You do not have the permissions to do this.') {
    return new AppError('FORBIDDEN', 403, message);
  }
}
