import type { z } from 'zod';
import type { Role } from '../roles.ts';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/**
 * What a caller needs of an operation to call it: method, path, encoding, and who may. The
 * console's build gets these schema-free descriptors instead of the operations
 * (`src/client-operations.generated.ts`, export condition `schema-free`), so calling the API
 * does not bring zod into the page; the schema types stay, for `InputOf`/`OutputOf`.
 */
export interface OperationRef<
  TInput extends z.ZodType = z.ZodType,
  TOutput extends z.ZodType = z.ZodType,
> {
  id: string;
  method: HttpMethod;
  path: string;
  /** json body, form-encoded body, multipart upload, or query string (GET/DELETE). */
  encoding: 'json' | 'form' | 'multipart' | 'query';
  /** `public`: no token needed. `session`: any signed-in account, narrowed by `roles`. */
  auth: 'public' | 'session';
  roles?: readonly Role[];
  /** Types only (never set): the schemas a descriptor stands for. */
  readonly schemaTypes?: { input: TInput; output: TOutput };
}

/**
 * One API operation: the single source for the server's validation, the
 * console's calls and the OpenAPI document. `path` is below `/api`.
 */
export interface Operation<
  TInput extends z.ZodType = z.ZodType,
  TOutput extends z.ZodType = z.ZodType,
> extends OperationRef<TInput, TOutput> {
  summary: string;
  tag: string;
  input: TInput;
  output: TOutput;
}

/** Declares an operation, keeping its schema types for callers. */
export function defineOperation<TInput extends z.ZodType, TOutput extends z.ZodType>(
  operation: Operation<TInput, TOutput>,
): Operation<TInput, TOutput> {
  return operation;
}

/** The descriptor of an operation (generated for the console's build): its metadata without schemas. */
export function operationRef<Op extends Operation>(
  id: string,
  method: HttpMethod,
  path: string,
  encoding: OperationRef['encoding'],
  auth: OperationRef['auth'],
  roles?: readonly Role[],
): OperationRef<Op['input'], Op['output']> {
  return roles ? { id, method, path, encoding, auth, roles } : { id, method, path, encoding, auth };
}

export type InputOf<T> = T extends OperationRef<infer I, z.ZodType> ? z.input<I> : never;
export type ParsedInputOf<T> = T extends OperationRef<infer I, z.ZodType> ? z.output<I> : never;
export type OutputOf<T> = T extends OperationRef<z.ZodType, infer O> ? z.output<O> : never;
