import { formatMessage, pickLanguage, Status, type MessageKey } from '@vigil/contracts';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** A message in the caller's language. */
    t(key: MessageKey, params?: Record<string, string | number>): string;
  }
}

/** The code and HTTP status Fastify puts on its own errors (bad JSON, body too large …). */
function transportFields(error: Error): { code?: string; statusCode?: number } {
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  const statusCode = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : undefined;
  return { code, statusCode };
}

/**
 * The one place errors become envelopes. Domain errors answer HTTP 200 with their
 * status and localized msg; malformed bodies answer HTTP 400/413; anything else is
 * logged with its request id and answered as status 500 without details.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.decorateRequest('t', function t(this: FastifyRequest, key: MessageKey, params?: Record<string, string | number>) {
    return formatMessage(pickLanguage(this.headers['accept-language']), key, params);
  });

  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    const language = pickLanguage(request.headers['accept-language']);
    if (error instanceof AppError) {
      if (error.status === Status.SERVER_ERROR) request.log.error({ err: error }, 'server error');
      return reply.code(200).send({ status: error.status, data: error.data, msg: error.render(language) });
    }
    const fastifyError = transportFields(error);
    if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fastifyError.code === 'FST_REQ_FILE_TOO_LARGE' || fastifyError.statusCode === 413) {
      return reply.code(413).send({ status: Status.TOO_LARGE, data: null, msg: formatMessage(language, 'upload.tooLarge') });
    }
    if (fastifyError.statusCode === 400 || fastifyError.statusCode === 415) {
      request.log.info({ code: fastifyError.code }, 'malformed request');
      return reply.code(400).send({ status: Status.BAD_REQUEST, data: null, msg: formatMessage(language, 'common.badJson') });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .code(200)
      .send({ status: Status.SERVER_ERROR, data: null, msg: formatMessage(language, 'common.serverError', { requestId: request.id }) });
  });

  app.setNotFoundHandler((request, reply) => {
    const language = pickLanguage(request.headers['accept-language']);
    return reply.code(404).send({ status: Status.NOT_FOUND, data: null, msg: formatMessage(language, 'common.routeNotFound') });
  });
}
