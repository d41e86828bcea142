import type { FormRule } from 'antd';
import { useEffect } from 'react';
import { renderMessage, type Language } from '@vigil/contracts';
import { contractMessages } from '../../i18n/contract-texts.ts';
import type * as Schemas from './contractSchemas.ts';

/** The part of a contract zod schema the adapter needs (keeps zod out of the web's imports). */
export interface SafeParser {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string; code?: string; maximum?: unknown }> } };
}

/** The contract schemas the forms validate with (contractSchemas.ts), once loaded. */
export type ContractSchemas = typeof Schemas;

/** Names a form's schema in the loaded module, e.g. `(schemas) => schemas.phoneSchema`. */
export type SchemaPicker = (schemas: ContractSchemas) => SafeParser;

let schemasLoading: Promise<ContractSchemas> | null = null;

/**
 * The contract schemas, loaded once. They come with zod and the operation modules that define
 * them (~50 KB gzip), so no screen carries them statically: a form starts loading them when it
 * shows (usePreloadContractSchemas), and its validators wait for them.
 */
export function loadContractSchemas(): Promise<ContractSchemas> {
  schemasLoading ??= import('./contractSchemas.ts').catch((error: unknown) => {
    schemasLoading = null; // a failed fetch is asked again by the next check (Chromium answers the same failure until a reload)
    throw error;
  });
  return schemasLoading;
}

/** The loaded schemas for a field's check; when their chunk does not arrive (the connection dropped), a message saying so, not the loader's error. */
async function schemasFor(language: Language, field: string): Promise<ContractSchemas> {
  try {
    return await loadContractSchemas();
  } catch {
    throw new Error(contractMessage('validation.checkUnavailable', language, { field }));
  }
}

/** Starts loading the contract schemas while a form is shown, so its first check does not wait. */
export function usePreloadContractSchemas(shown = true): void {
  useEffect(() => {
    // A failure here is reported by the validator that needs the schemas (it loads them again).
    if (shown) loadContractSchemas().catch(() => undefined);
  }, [shown]);
}

export interface ContractRuleOptions {
  /** The field's label, filled into messages such as "{field} is required". */
  field: string;
  /** Skip the schema when the field is left empty. */
  optional?: boolean;
  /** Turns the form value into what the schema reads (e.g. a date picker's day into "YYYY-MM-DD"). */
  toInput?: (value: unknown) => unknown;
}

/** True when a form value counts as not filled in. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** True when `key` is one of the contract's message keys (read from the loaded language). */
export function isContractMessageKey(key: string, language: Language): boolean {
  return Object.prototype.hasOwnProperty.call(contractMessages(language), key);
}

/**
 * The contract's message for a key, in the interface language (unknown keys read as "not
 * valid"), with the limits it states filled from the contract (`renderMessage`). The
 * language's messages load with the interface language (`loadUiLocale`).
 */
export function contractMessage(key: string | undefined, language: Language, params: Record<string, string | number> = {}): string {
  const messages: Partial<Record<string, string>> = contractMessages(language);
  const known = key !== undefined && isContractMessageKey(key, language);
  const template = (known ? messages[key] : messages['validation.invalid']) ?? key ?? '';
  return renderMessage(language, known ? key : 'validation.invalid', template, params);
}

/**
 * The console's one form-rule adapter: an antd Form rule that validates with a contract
 * schema and shows the very message the server would answer (packages/contracts/src/i18n).
 * A message's stated limits come from the contract (MESSAGE_LIMITS); a generic "too long"
 * takes its limit from the schema's own issue, never from the caller. Forms pass a picker,
 * so the schema (and zod) loads with the first check instead of with the screen.
 */
export function contractRule(schema: SafeParser | SchemaPicker, language: Language, options: ContractRuleOptions): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (options.optional && isBlank(value)) return;
      const parser = typeof schema === 'function' ? schema(await schemasFor(language, options.field)) : schema;
      const result = parser.safeParse(options.toInput ? options.toInput(value) : value);
      if (result.success) return;
      const issue = result.error.issues[0];
      const params: Record<string, string | number> = { field: options.field };
      if (issue?.code === 'too_big' && (typeof issue.maximum === 'number' || typeof issue.maximum === 'bigint')) params.max = Number(issue.maximum);
      throw new Error(contractMessage(issue?.message, language, params));
    },
  };
}

/** A "required" rule with the contract's "{field} is required." message (or another contract key). */
export function requiredRule(language: Language, field: string, key: string = 'validation.required'): FormRule {
  return { required: true, message: contractMessage(key, language, { field }) };
}
