/**
 * Ant Design's styles of every component in the portal's theme, as one style sheet: built once by
 * the server build (vite.ssr.config.ts runs it and writes dist/assets/antd-<hash>.css), linked by
 * the pages whose first view the server renders. The sheet ends with the map of its styles by which
 * Ant Design in the browser knows them as present and neither computes nor inserts them again.
 */
import { extractStyle } from '@ant-design/static-style-extract';
import { CONFIG_DEFAULTS } from '@freight/contract';
import { ConfigProvider } from 'antd';
import { portalTheme } from './app/theme';
import { readableColor } from './app/contrast';

/**
 * The components the portal uses, and those they are made of (a table's pagination and checkboxes,
 * an upload's progress). One missing is still styled, by Ant Design in the browser as before, and
 * by the server in the view's own styles (page-render's `styles`).
 */
const COMPONENTS = [
  'Alert',
  'App',
  'Avatar',
  'Badge',
  'Button',
  'Card',
  'Checkbox',
  'Col',
  'DatePicker',
  'Descriptions',
  'Divider',
  'Drawer',
  'Dropdown',
  'Empty',
  'Flex',
  'Form',
  'Input',
  'InputNumber',
  'Layout',
  'List',
  'Menu',
  'Modal',
  'Pagination',
  'Popconfirm',
  'Popover',
  'Progress',
  'Radio',
  'Result',
  'Row',
  'Select',
  'Skeleton',
  'Space',
  'Spin',
  'Steps',
  'Switch',
  'Table',
  'Tabs',
  'Tag',
  'Timeline',
  'Tooltip',
  'Typography',
  'Upload',
  'message',
  'notification',
];

export function antdStyleSheet(): string {
  const primary = readableColor(CONFIG_DEFAULTS.app_color);
  return extractStyle({
    includes: COMPONENTS,
    customTheme: (node) => <ConfigProvider theme={portalTheme(primary)}>{node}</ConfigProvider>,
  });
}
