import { Status, type Operation, type OutputOf, type ParsedInputOf } from '@vigil/contracts';
import { pickLanguage } from '@vigil/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import type { RequestContext, SessionContext, SessionInfo } from './context.ts';
import { errors } from './errors.ts';
import { FileReply, sendFileReply } from './file-reply.ts';
import { validationError } from './validation.ts';

/** Resolves the S-token of a request to a session, or throws status 100/101. */
export type Authenticator = (token: string | undefined) => Promise<SessionInfo>;

/**
 * Answers the operation's output (sent in the envelope) or a FileReply (sent as a
 * download). Handlers never send on the reply themselves: an async function that
 * returns a sent reply resolves to undefined (the reply is thenable), not to the reply.
 */
type Handler<Op extends Operation, Ctx> = (input: ParsedInputOf<Op>, context: Ctx, request: FastifyRequest) => Promise<OutputOf<Op> | FileReply>;

export interface OperationRegistrar {
  /** An operation that anyone may call. */
  open<Op extends Operation>(operation: Op, handler: Handler<Op, RequestContext>): void;
  /** An operation that needs a session and, when the contract lists them, one of its roles. */
  secured<Op extends Operation>(operation: Op, handler: Handler<Op, SessionContext>): void;
  /** A public operation that answers differently for a signed-in caller (an invalid token counts as none). */
  openWithSession<Op extends Operation>(operation: Op, handler: Handler<Op, RequestContext & { session: SessionInfo | null }>): void;
}

function rawInput(operation: Operation, request: FastifyRequest): unknown {
  if (operation.encoding === 'query') return request.query ?? {};
  if (operation.encoding === 'multipart') return {};
  return request.body ?? {};
}

function requestContext(request: FastifyRequest): RequestContext {
  return { language: pickLanguage(request.headers['accept-language']), requestId: request.id, ip: request.ip };
}

/**
 * Registers contract operations on Fastify under /api: parses the input with the
 * contract's schema, authenticates and checks the role, runs the handler, and
 * answers `{status: 200, data, msg}` with data shaped by the output schema.
 * Errors travel to the one error handler (see error-handler.ts).
 */
export function operationRegistrar(app: FastifyInstance, authenticate: Authenticator): OperationRegistrar {
  type Mode = 'open' | 'secured' | 'optional';
  function register<Op extends Operation>(operation: Op, mode: Mode, handler: Handler<Op, RequestContext & Partial<SessionContext>>) {
    const secured = mode === 'secured';
    if (operation.auth === 'session' && !secured) throw new Error(`${operation.id} needs a session: register it with secured()`);
    app.route({
      method: operation.method,
      url: `/api${operation.path}`,
      handler: async (request, reply) => {
        const context: RequestContext & Partial<SessionContext> = requestContext(request);
        if (secured) {
          const header = request.headers['s-token'];
          const session = await authenticate(Array.isArray(header) ? header[0] : header);
          if (operation.roles && !operation.roles.includes(session.scope.role)) throw errors.noPermission();
          context.session = session;
        } else if (mode === 'optional') {
          const header = request.headers['s-token'];
          context.session = await authenticate(Array.isArray(header) ? header[0] : header).catch(() => undefined);
        }
        let input: ParsedInputOf<Op>;
        try {
          input = (await operation.input.parseAsync(rawInput(operation, request))) as ParsedInputOf<Op>;
        } catch (error) {
          if (error instanceof ZodError) throw validationError(error);
          throw error;
        }
        const result = await handler(input, context, request);
        if (result instanceof FileReply) return sendFileReply(reply, result);
        const data = operation.output.parse(result ?? null);
        return { status: Status.OK, data, msg: request.t('common.ok') };
      },
    });
  }
  return {
    open: (operation, handler) => register(operation, 'open', handler),
    secured: (operation, handler) =>
      register(operation, 'secured', (input, context, request) => {
        if (!context.session) throw errors.tokenMissing();
        return handler(input, { ...context, session: context.session }, request);
      }),
    openWithSession: (operation, handler) =>
      register(operation, 'optional', (input, context, request) => handler(input, { ...context, session: context.session ?? null }, request)),
  };
}
