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
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
  'UPSTREAM_FAILED',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const errorResponseSchema = z
  .object({
    code: z.string(),
    message: z.string(),
    requestId: z.string().optional(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Error' });

export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Thrown by services; the server's one error handler turns it into `{ code, message, requestId }`. */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;

  constructor(code: ErrorCode | (string & {}), status: number, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'AppError';
    this.code = code;
    this.status = status;
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
