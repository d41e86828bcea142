import type { FormRule } from 'antd';
import type { RuleObject } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { isWeakPassword, newPasswordSchema } from '@vigil/contracts';
import { isBlank, zodRule } from './zodRule.ts';

/** Rules for a new password: required, the contract's format rule, and not a built-in weak password. */
export function newPasswordRules(t: TFunction, field: string): FormRule[] {
  return [
    zodRule(newPasswordSchema, t, { field }),
    {
      validator: async (_rule, value: unknown) => {
        if (typeof value === 'string' && isWeakPassword(value)) throw new Error(t('validation.passwordWeak'));
      },
    },
  ];
}

/** A rule for a confirmation: required and equal to what `readPassword` returns. */
export function matchRule(t: TFunction, field: string, readPassword: () => unknown): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      if (isBlank(value)) throw new Error(t('validation.required', { field }));
      if (value !== readPassword()) throw new Error(t('validation.passwordInconsistent'));
    },
  };
}

/** Rules for the confirm field: required and equal to the field named `passwordField`. */
export function confirmPasswordRules(t: TFunction, field: string, passwordField: string): FormRule[] {
  return [({ getFieldValue }) => matchRule(t, field, () => getFieldValue(passwordField))];
}
