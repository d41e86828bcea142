import { jobTenant } from '../workers/pool.ts';
import { Status, type Operation, type OutputOf, type ParsedInputOf } from '@vigil/contracts';
import { pickLanguage } from '@vigil/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { actorOf, auditEntryFor, withAuditScope, type AuditWriter } from '../audit/audit-trail.ts';
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
/** The routes (`METHOD /api/path`) each app registered through an audited registrar (the audit test walks them). */
const auditedRoutes = new WeakMap<FastifyInstance, Set<string>>();
export function auditedRoutesOf(app: FastifyInstance): ReadonlySet<string> {
  return auditedRoutes.get(app) ?? new Set();
}

/** Every route of each app (`METHOD /path`), recorded as it is added (the audit test checks none bypasses the trail). */
const allRoutes = new WeakMap<FastifyInstance, Set<string>>();
export function recordRoutes(app: FastifyInstance): void {
  const routes = new Set<string>();
  allRoutes.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) routes.add(`${method} ${route.url}`);
  });
}
export function routesOf(app: FastifyInstance): ReadonlySet<string> {
  return allRoutes.get(app) ?? new Set();
}

/** What the registrar learned of a call as it ran (for its trail row). */
interface Seen {
  context?: RequestContext & Partial<SessionContext>;
  input?: unknown;
  file?: boolean;
  data?: unknown;
}

export function operationRegistrar(app: FastifyInstance, authenticate: Authenticator, audit?: { writer: AuditWriter; now: () => number }): OperationRegistrar {
  type Mode = 'open' | 'secured' | 'optional';
  function register<Op extends Operation>(operation: Op, mode: Mode, handler: Handler<Op, RequestContext & Partial<SessionContext>>) {
    const secured = mode === 'secured';
    if (operation.auth === 'session' && !secured) throw new Error(`${operation.id} needs a session: register it with secured()`);
    const run = async (request: FastifyRequest, seen: Seen): Promise<object | FileReply> => {
        const context: RequestContext & Partial<SessionContext> = requestContext(request);
        seen.context = context;
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
        seen.input = input;
        // Worker jobs started by this request count for its tenant (workers/pool.ts: fair pools).
        const scope = context.session?.scope;
        const tenant = scope ? (scope.homeProviderId !== null ? `provider:${scope.homeProviderId}` : `account:${scope.accountId}`) : `ip:${context.ip}`;
        const result = await jobTenant.run(tenant, () => handler(input, context, request));
        if (result instanceof FileReply) {
          // Sent by the route once its trail row is written: a download is never answered unrecorded.
          seen.file = true;
          return result;
        }
        const data = operation.output.parse(result ?? null);
        seen.data = data;
        return { status: Status.OK, data, msg: request.t('common.ok') };
    };
    /**
     * Every call runs in an audit scope: the writes it makes are captured at the database driver
     * (audit/audit-capture.ts), and one trail row is written here when it changed something,
     * signed in (or failed to), answered a file (an export) or showed a resident's reports. The row
     * is written before anything is answered; an export whose row cannot be written is refused
     * (its file is never sent), while other rows are logged loudly when lost (their change is made).
     */
    const runAudited = async (request: FastifyRequest, trail: { writer: AuditWriter; now: () => number }): Promise<object | FileReply> => {
      const seen: Seen = {};
      const { scope, result } = withAuditScope(() => run(request, seen));
      const entryFor = (failed: boolean) => {
        const login = seen.data as { userId?: number; userName?: string; role?: string } | undefined;
        const typed = (seen.input ?? (request.body as object | undefined) ?? {}) as { userName?: unknown };
        const actor = actorOf(seen.context?.session, typeof typed.userName === 'string' ? typed.userName : '', request.ip, request.id);
        if (login?.userId !== undefined && actor.accountId === null) Object.assign(actor, { accountId: login.userId, role: login.role ?? null });
        return auditEntryFor({ operation, scope, input: seen.input ?? {}, failed, answeredFile: seen.file === true, actor, at: trail.now() });
      };
      let answer: object | FileReply;
      try {
        answer = await result;
      } catch (error) {
        const entry = entryFor(true);
        if (entry) await trail.writer.write(entry);
        throw error;
      }
      const entry = entryFor(false);
      if (entry?.kind === 'export') await trail.writer.writeOrRefuse(entry);
      else if (entry) await trail.writer.write(entry);
      return answer;
    };
    if (audit) {
      const routes = auditedRoutes.get(app) ?? new Set<string>();
      routes.add(`${operation.method} /api${operation.path}`);
      auditedRoutes.set(app, routes);
    }
    app.route({
      method: operation.method,
      url: `/api${operation.path}`,
      handler: async (request, reply) => {
        const answer = audit ? await runAudited(request, audit) : await run(request, {});
        return answer instanceof FileReply ? sendFileReply(reply, answer) : answer;
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
