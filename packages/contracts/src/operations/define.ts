import type { z } from 'zod';
import type { Role } from '../roles.ts';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/**
 * One API operation: the single source for the server's validation, the
 * console's calls and the OpenAPI document. `path` is below `/api`.
 */
export interface Operation<
  TInput extends z.ZodType = z.ZodType,
  TOutput extends z.ZodType = z.ZodType,
> {
  id: string;
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  /** json body, form-encoded body, multipart upload, or query string (GET/DELETE). */
  encoding: 'json' | 'form' | 'multipart' | 'query';
  input: TInput;
  output: TOutput;
  /** `public`: no token needed. `session`: any signed-in account, narrowed by `roles`. */
  auth: 'public' | 'session';
  roles?: readonly Role[];
}

/** Declares an operation, keeping its schema types for callers. */
export function defineOperation<TInput extends z.ZodType, TOutput extends z.ZodType>(
  operation: Operation<TInput, TOutput>,
): Operation<TInput, TOutput> {
  return operation;
}

export type InputOf<T> = T extends Operation<infer I, z.ZodType> ? z.input<I> : never;
export type ParsedInputOf<T> = T extends Operation<infer I, z.ZodType> ? z.output<I> : never;
export type OutputOf<T> = T extends Operation<z.ZodType, infer O> ? z.output<O> : never;
