import { Cascader, type CascaderProps } from 'antd';
import type { AriaAttributes } from 'react';
import { useRequiredOnCombobox } from './FormControls.tsx';

// Apart from FormControls.tsx so that forms with a Select or radio group do not carry rc-cascader.
/** antd's Cascader inside a required Form.Item, for the same reason as FormSelect (it is an rc-select too). */
export function FormCascader<Option extends object>({ 'aria-required': ariaRequired, ...props }: Omit<CascaderProps<Option>, 'multiple'> & AriaAttributes) {
  useRequiredOnCombobox(props.id, ariaRequired);
  return <Cascader<Option> {...props} />;
}
