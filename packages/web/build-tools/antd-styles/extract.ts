/**
 * Renders the antd components the console uses, in the console's theme, on the server,
 * and prints the styles antd's CSS-in-JS generated for them as one stylesheet
 * (with antd's map of what it holds, so the browser skips generating those styles).
 *
 * Run by the Vite plugin in ./plugin.ts in a child process, because antd's class hashes depend on
 * NODE_ENV when its CSS-in-JS module loads (`css-` in production, `css-dev-only-…` otherwise).
 * Usage: node --import tsx extract.ts '["Button","Table",…]'
 */
import { fileURLToPath } from 'node:url';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import * as antd from 'antd';
import { createElement as h, Fragment, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { theme } from '../../src/app/theme.ts';

type Render = () => ReactNode;

const { Button, Form, Input, Layout, Menu, Modal, Select, Table, Tooltip } = antd;

/** Imports that are no component, or whose styles another entry renders. */
const NOT_RENDERED = new Set(['ConfigProvider', 'theme', 'Grid', 'App']);

/**
 * How each component is shown, where its bare element would not render its styles:
 * popups open as their inline panels, lists with an item, the table with a row, a page and a selection.
 */
const RENDERS: Record<string, Render> = {
  Typography: () => h(Fragment, null, h(antd.Typography.Title, null, 't'), h(antd.Typography.Text, null, 't'), h(antd.Typography.Paragraph, null, 't'), h(antd.Typography.Link, null, 't')),
  Input: () => h(Fragment, null, h(Input), h(Input.Password), h(Input.Search), h(Input.TextArea), h(Input, { prefix: 'p', allowClear: true })),
  InputNumber: () => h(Fragment, null, h(antd.InputNumber), h(antd.InputNumber._InternalPanelDoNotUseOrYouWillBeFired)),
  Form: () => h(Form, null, h(Form.Item, { label: 'l', required: true, help: 'h', validateStatus: 'error' }, h(Input))),
  // The closed dialog registers the dialog's styles in the page's theme; the panels wrap themselves in one of their own.
  Modal: () => h(Fragment, null, h(Modal, { open: false }), h(Modal._InternalPanelDoNotUseOrYouWillBeFired, { title: 't' }, 'c'), h(Modal._InternalPanelDoNotUseOrYouWillBeFired, { type: 'confirm', title: 't' })),
  Drawer: () => h(Fragment, null, h(antd.Drawer, { open: false }), h(antd.Drawer._InternalPanelDoNotUseOrYouWillBeFired, { title: 't' }, 'c')),
  Tooltip: () => h(Fragment, null, h(Tooltip, { title: 't' }, h('span')), h(Tooltip._InternalPanelDoNotUseOrYouWillBeFired, { title: 't' })),
  Popconfirm: () => h(Fragment, null, h(antd.Popconfirm, { title: 't' }, h('span')), h(antd.Popconfirm._InternalPanelDoNotUseOrYouWillBeFired, { title: 't' })),
  Select: () => h(Fragment, null, h(Select, { options: [{ value: 1, label: 'l' }] }), h(Select, { mode: 'multiple', value: [1], options: [{ value: 1, label: 'l' }] }), h(Select._InternalPanelDoNotUseOrYouWillBeFired, { options: [{ value: 1, label: 'l' }] })),
  TreeSelect: () => h(Fragment, null, h(antd.TreeSelect), h(antd.TreeSelect._InternalPanelDoNotUseOrYouWillBeFired, { treeData: [{ value: 1, title: 't' }] })),
  Cascader: () => h(Fragment, null, h(antd.Cascader), h(antd.Cascader._InternalPanelDoNotUseOrYouWillBeFired, { options: [{ value: 1, label: 'l' }] })),
  DatePicker: () => h(Fragment, null, h(antd.DatePicker), h(antd.DatePicker.RangePicker), h(antd.DatePicker._InternalPanelDoNotUseOrYouWillBeFired)),
  TimePicker: () => h(Fragment, null, h(antd.TimePicker), h(antd.TimePicker._InternalPanelDoNotUseOrYouWillBeFired)),
  Dropdown: () => h(antd.Dropdown, { menu: { items: [{ key: 1, label: 'l' }] }, open: true }, h('span', null, 'd')),
  Menu: () => h(Fragment, null, h(Menu, { mode: 'inline', theme: 'dark', items: [{ key: 1, label: 'l' }] }), h(Menu, { mode: 'vertical', items: [{ key: 1, label: 'l' }] })),
  Tree: () => h(antd.Tree, { treeData: [{ key: 1, title: 't' }], checkable: true }),
  Layout: () => h(Layout, null, h(Layout.Sider, null, 's'), h(Layout, null, h(Layout.Header), h(Layout.Content), h(Layout.Footer))),
  Table: () =>
    h(Table, {
      rowKey: 'k',
      columns: [{ dataIndex: 'k', title: 't', sorter: true, filters: [{ text: 't', value: 't' }], ellipsis: true }],
      dataSource: [{ k: 1 }],
      rowSelection: {},
      pagination: { total: 100, showSizeChanger: true, showQuickJumper: true },
      loading: true,
    }),
  List: () => h(antd.List, { dataSource: [1], renderItem: () => h(antd.List.Item, null, h(antd.List.Item.Meta, { title: 't' })), pagination: { total: 100 } }),
  Tabs: () => h(Fragment, null, h(antd.Tabs, { items: [{ key: '1', label: 'l' }] }), h(antd.Tabs, { type: 'editable-card', items: [{ key: '1', label: 'l' }] })),
  Steps: () => h(antd.Steps, { items: [{ title: 't' }, { title: 't' }] }),
  Segmented: () => h(antd.Segmented, { options: ['a', 'b'] }),
  Breadcrumb: () => h(antd.Breadcrumb, { items: [{ title: 'a' }, { title: 'b' }] }),
  Descriptions: () => h(antd.Descriptions, { bordered: true, items: [{ key: 1, label: 'l', children: 'c' }] }),
  Progress: () => h(Fragment, null, h(antd.Progress, { percent: 50 }), h(antd.Progress, { type: 'circle', percent: 50 })),
  Checkbox: () => h(antd.Checkbox.Group, { options: ['a'] }),
  Radio: () => h(Fragment, null, h(antd.Radio.Group, { options: ['a'] }), h(antd.Radio.Group, { optionType: 'button', options: ['a'] })),
  Upload: () => h(Fragment, null, h(antd.Upload, null, h(Button, null, 'u')), h(antd.Upload.Dragger, null, 'd')),
  Skeleton: () => h(Fragment, null, h(antd.Skeleton, { active: true }), h(antd.Skeleton.Input), h(antd.Skeleton.Button)),
  Space: () => h(Fragment, null, h(antd.Space, null, 'a'), h(antd.Space.Compact, null, h(Input), h(Button))),
  Row: () => h(antd.Row, null, h(antd.Col, { span: 12 })),
  Card: () => h(antd.Card, { title: 't', extra: 'e' }, h(antd.Card.Meta, { title: 't' })),
  Tag: () => h(Fragment, null, h(antd.Tag, { color: 'green' }, 't'), h(antd.Tag, { color: 'success' }, 't'), h(antd.Tag.CheckableTag, { checked: true }, 't')),
  Badge: () => h(Fragment, null, h(antd.Badge, { count: 1 }, h('span')), h(antd.Badge, { status: 'success', text: 't' })),
  Statistic: () => h(antd.Statistic, { title: 't', value: 1 }),
  message: () => h(antd.message._InternalPanelDoNotUseOrYouWillBeFired, { content: 'c', type: 'success' }),
};

function renderOf(name: string): Render | undefined {
  if (NOT_RENDERED.has(name)) return undefined;
  if (RENDERS[name]) return RENDERS[name];
  const component = (antd as Record<string, unknown>)[name];
  // Plain function components and forwardRef/memo objects; hooks and helpers start lower-case.
  if (!component || name[0] !== name[0].toUpperCase()) return undefined;
  return () => h(component as Parameters<typeof h>[0]);
}

/** The stylesheet of the given antd components (the names the console imports from antd). */
export function extractAntdStyles(names: readonly string[]): string {
  const cache = createCache();
  const nodes = [...new Set(names)].sort().flatMap((name) => {
    const render = renderOf(name);
    return render ? [h(Fragment, { key: name }, render())] : [];
  });
  renderToString(h(StyleProvider, { cache }, h(antd.ConfigProvider, { theme }, h(antd.App, null, nodes))));
  return extractStyle(cache, { plain: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = JSON.parse(process.argv[2] ?? '[]') as string[];
  process.stdout.write(extractAntdStyles(names));
}
