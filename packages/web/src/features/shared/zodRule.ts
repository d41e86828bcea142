import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/** The part of a contract zod schema the adapter needs (keeps zod out of the web's imports). */
export interface SafeParser {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
}

export interface ZodRuleOptions {
  /** The field's label, filled into messages such as "{field} is required". */
  field?: string;
  /** Skip the schema when the field is left empty (optional inputs). */
  optional?: boolean;
  /** Fills `{max}` in the too-long message. */
  max?: number;
}

/** True when a form value counts as not filled in. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * An antd Form rule that validates with a contract schema and shows the schema's
 * message key (e.g. `validation.loginName`) translated, so the form and the server agree.
 */
export function zodRule(schema: SafeParser, t: TFunction, options: ZodRuleOptions = {}): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (options.optional && isBlank(value)) return;
      const result = schema.safeParse(value);
      if (result.success) return;
      const key = result.error.issues[0]?.message ?? 'validation.invalid';
      throw new Error(t(key, { field: options.field ?? '', max: options.max ?? '' }));
    },
  };
}
