import type { FormRule } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { isWeakPassword, type Language } from '@vigil/contracts';
import { contractMessage, contractRule, isBlank } from './contractRule.ts';

/** Rules for a new password: required, the contract's format rule, and not a built-in weak password. */
export function newPasswordRules(language: Language, field: string): FormRule[] {
  return [
    contractRule((schemas) => schemas.newPasswordSchema, language, { field }),
    {
      validator: async (_rule, value: unknown) => {
        if (typeof value === 'string' && isWeakPassword(value)) throw new Error(contractMessage('auth.passwordWeak', language));
      },
    },
  ];
}

/** A rule for a confirmation: required and equal to what `readPassword` returns. */
export function matchRule(language: Language, field: string, readPassword: () => unknown): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      if (isBlank(value)) throw new Error(contractMessage('validation.required', language, { field }));
      if (value !== readPassword()) throw new Error(contractMessage('validation.passwordInconsistent', language));
    },
  };
}

/** Rules for the confirm field: required and equal to the field named `passwordField`. */
export function confirmPasswordRules(language: Language, field: string, passwordField: string): FormRule[] {
  return [({ getFieldValue }) => matchRule(language, field, () => getFieldValue(passwordField))];
}
