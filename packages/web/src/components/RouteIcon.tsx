import {
  AlertOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  CloudUploadOutlined,
  DesktopOutlined,
  FileTextOutlined,
  HddOutlined,
  HomeOutlined,
  LockOutlined,
  MedicineBoxOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** antd icons for the icon names in CONSOLE_ROUTES. */
const ICONS: Readonly<Record<string, ComponentType>> = {
  monitor: DesktopOutlined,
  alert: AlertOutlined,
  report: FileTextOutlined,
  team: TeamOutlined,
  home: HomeOutlined,
  nurse: MedicineBoxOutlined,
  device: HddOutlined,
  cloud: CloudUploadOutlined,
  lock: LockOutlined,
  setting: SettingOutlined,
  chart: BarChartOutlined,
};

/** The menu icon of a route (a neutral one for names not in the table). */
export function RouteIcon({ name }: { name?: string }) {
  const Icon = (name && ICONS[name]) || AppstoreOutlined;
  return <Icon />;
}
