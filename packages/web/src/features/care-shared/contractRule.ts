import type { FormRule } from 'antd';
import { formatMessage, isMessageKey, type Language } from '@vigil/contracts';
import { isBlank, type SafeParser } from '../shared/zodRule.ts';

export interface ContractRuleOptions {
  /** The field's label, filled into messages such as "{field} is required". */
  field: string;
  /** Skip the schema when the field is left empty. */
  optional?: boolean;
  /** Fills `{max}` in the too-long message. */
  max?: number;
  /** Turns the form value into what the schema reads (e.g. a date picker's day into "YYYY-MM-DD"). */
  toInput?: (value: unknown) => unknown;
}

/** The contract's message for a schema issue, in the interface language (unknown keys read as "not valid"). */
export function contractMessage(key: string | undefined, language: Language, params: { field: string; max?: number }): string {
  const known = key !== undefined && isMessageKey(key) ? key : 'validation.invalid';
  return formatMessage(language, known, { field: params.field, max: params.max ?? '' });
}

/**
 * An antd Form rule that validates with a contract schema and shows the very message
 * the server would answer (packages/contracts/src/i18n), so form and server agree word for word.
 */
export function contractRule(schema: SafeParser, language: Language, options: ContractRuleOptions): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (options.optional && isBlank(value)) return;
      const result = schema.safeParse(options.toInput ? options.toInput(value) : value);
      if (result.success) return;
      throw new Error(contractMessage(result.error.issues[0]?.message, language, options));
    },
  };
}

/** A "required" rule with the contract's "{field} is required." message. */
export function requiredRule(language: Language, field: string): FormRule {
  return { required: true, message: contractMessage('validation.required', language, { field }) };
}
