import { MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';

export interface PlaceMenuItem {
  key: string;
  label: string;
  danger?: boolean;
  onClick: () => void;
}

/** A "⋯" button opening the actions of one place; its label names the place for screen readers. */
export function PlaceMenu({ label, items }: { label: string; items: readonly PlaceMenuItem[] }) {
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: items.map((item) => ({ key: item.key, label: item.label, danger: item.danger })),
        onClick: ({ key, domEvent }) => {
          domEvent.stopPropagation();
          items.find((item) => item.key === key)?.onClick();
        },
      }}
    >
      <Button type="text" size="small" icon={<MoreOutlined />} aria-label={label} onClick={(event) => event.stopPropagation()} />
    </Dropdown>
  );
}
