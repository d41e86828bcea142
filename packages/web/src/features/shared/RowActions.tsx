import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space } from 'antd';

export interface RowAction {
  key: string;
  label: string;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
}

export interface RowActionsProps {
  /** Shown as links in the row. */
  actions: readonly RowAction[];
  /** Collected under a "More" menu so the table keeps its width. */
  more: readonly RowAction[];
  moreLabel: string;
}

/** A table row's actions: a few links, the rest in a "More" menu. */
export function RowActions({ actions, more, moreLabel }: RowActionsProps) {
  return (
    <Space size={0} wrap={false}>
      {actions.map((action) => (
        <Button key={action.key} type="link" size="small" danger={action.danger} disabled={action.disabled} onClick={action.onClick}>
          {action.label}
        </Button>
      ))}
      {more.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: more.map((action) => ({ key: action.key, label: action.label, danger: action.danger, disabled: action.disabled })),
            onClick: ({ key }) => more.find((action) => action.key === key)?.onClick(),
          }}
        >
          <Button type="link" size="small">
            {moreLabel} <DownOutlined style={{ fontSize: 10 }} />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
