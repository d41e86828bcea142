import { Radio, Select, type RadioGroupProps, type SelectProps } from 'antd';
import { useEffect, type AriaAttributes } from 'react';

/**
 * antd's Select inside a required Form.Item, with the required state where assistive
 * technology looks for it. Form.Item hands `aria-required` to its control, and antd's
 * Select writes it on its wrapping div as well as on the combobox input; on a div without
 * a role the attribute is invalid ARIA (axe: aria-allowed-attr, critical). This keeps it
 * on the combobox only, found by the id Form.Item gives the control.
 */
export function FormSelect<Value = unknown>({ 'aria-required': ariaRequired, ...props }: SelectProps<Value>) {
  useRequiredOnCombobox(props.id, ariaRequired);
  return <Select<Value> {...props} />;
}

/** Keeps Form.Item's required state on the combobox input of a Select or Cascader (see FormSelect). */
export function useRequiredOnCombobox(id: string | undefined, ariaRequired: AriaAttributes['aria-required']): void {
  const required = ariaRequired === true || ariaRequired === 'true';
  useEffect(() => {
    const input = id ? document.getElementById(id) : null;
    if (!input || input.getAttribute('role') !== 'combobox') return;
    if (required) input.setAttribute('aria-required', 'true');
    else input.removeAttribute('aria-required');
  });
}

/**
 * antd's Radio.Group as a radiogroup. Form.Item's `aria-required`, `aria-invalid` and
 * `aria-describedby` (and an aria-label) are only valid ARIA on an element with that
 * role, and antd draws a plain div that takes no role; they go on a wrapping radiogroup.
 */
export function FormRadioGroup({
  'aria-required': ariaRequired,
  'aria-invalid': ariaInvalid,
  'aria-describedby': ariaDescribedBy,
  'aria-label': ariaLabel,
  'aria-labelledby': ariaLabelledBy,
  ...props
}: RadioGroupProps & AriaAttributes) {
  return (
    <div role="radiogroup" aria-required={ariaRequired} aria-invalid={ariaInvalid} aria-describedby={ariaDescribedBy} aria-label={ariaLabel} aria-labelledby={ariaLabelledBy}>
      <Radio.Group {...props} />
    </div>
  );
}
