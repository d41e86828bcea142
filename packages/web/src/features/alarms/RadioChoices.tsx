import { Radio, Space } from 'antd';

export interface RadioChoicesProps<Value extends string> {
  label: string;
  options: ReadonlyArray<{ value: Value; label: string }>;
  id?: string;
  value?: Value;
  onChange?: (value: Value) => void;
  'aria-required'?: boolean | 'true' | 'false';
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
}

/**
 * Radio buttons one per line as a named radiogroup: the form's aria-required and
 * aria-invalid land on the group (antd puts them on a role-less div otherwise).
 */
export function RadioChoices<Value extends string>({ label, options, id, value, onChange, ...aria }: RadioChoicesProps<Value>) {
  return (
    <div role="radiogroup" id={id} aria-label={label} {...aria}>
      <Radio.Group
        value={value}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value);
          if (chosen) onChange?.(chosen.value);
        }}
      >
        <Space direction="vertical">
          {options.map((option) => (
            <Radio key={option.value} value={option.value}>
              {option.label}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
    </div>
  );
}
