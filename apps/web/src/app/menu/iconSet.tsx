import {
  AccountBookOutlined,
  AlertOutlined,
  ApiOutlined,
  AuditOutlined,
  ClusterOutlined,
  IdcardOutlined,
  ProfileOutlined,
  ScheduleOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  BankOutlined,
  BarChartOutlined,
  BellOutlined,
  CalendarOutlined,
  CarOutlined,
  CloudOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DollarOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  HomeOutlined,
  KeyOutlined,
  MedicineBoxOutlined,
  MessageOutlined,
  MoneyCollectOutlined,
  NotificationOutlined,
  PayCircleOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  SolutionOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** Menu icon names (antd icon component names) the web knows; others fall back to AppstoreOutlined. */
export const icons: Record<string, ComponentType> = {
  AccountBookOutlined,
  AlertOutlined,
  ApiOutlined,
  AuditOutlined,
  ClusterOutlined,
  IdcardOutlined,
  ProfileOutlined,
  ScheduleOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  BankOutlined,
  BarChartOutlined,
  BellOutlined,
  CalendarOutlined,
  CarOutlined,
  CloudOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DollarOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  HomeOutlined,
  KeyOutlined,
  MedicineBoxOutlined,
  MessageOutlined,
  MoneyCollectOutlined,
  NotificationOutlined,
  PayCircleOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  SolutionOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  VideoCameraOutlined,
};

/**
 * Most pages' menus name no icon: one is chosen by a word of the title, so a collapsed side menu tells its items
 * apart (first match wins, more specific words first).
 */
const byTitle: [RegExp, ComponentType][] = [
  [/数据导出/, DatabaseOutlined],
  [/小区|工作台|首页/, HomeOutlined],
  [/楼栋|楼宇/, BankOutlined],
  [/房屋|房间/, ApartmentOutlined],
  [/员工|人员|用户/, IdcardOutlined],
  [/住户|业主|居民|租户|访客|标签/, TeamOutlined],
  [/车|停车|道闸/, CarOutlined],
  [/充值|余额|预存|钱包/, PayCircleOutlined],
  [/账单|收费|缴费|欠费|催缴|费|收款|订单|续费/, AccountBookOutlined],
  [/报修|维修|工单|投诉/, ToolOutlined],
  [/巡更|巡检|巡逻|安防/, SafetyOutlined],
  [/公告|通知|消息|资讯/, NotificationOutlined],
  [/异常|告警|报警|事件/, AlertOutlined],
  [/统计|分析|报表|概览|大数据/, BarChartOutlined],
  [/审核|审批/, AuditOutlined],
  [/日志|记录/, ProfileOutlined],
  [/排班|任务|计划/, ScheduleOutlined],
  [/角色|权限|菜单/, SolutionOutlined],
  [/运营商|租户管理|公司/, ClusterOutlined],
  [/设备|物联|门禁|监控|摄像/, ApiOutlined],
  [/地图|位置|区域/, EnvironmentOutlined],
  [/问卷|投票|文档|模板/, FileTextOutlined],
  [/疫情|健康/, MedicineBoxOutlined],
  [/设置|配置|字典|参数/, SettingOutlined],
];

export const iconComponentOf = (name: string, title = ''): ComponentType =>
  (name && Object.hasOwn(icons, name) ? icons[name] : undefined) ??
  byTitle.find(([re]) => re.test(title))?.[1] ??
  AppstoreOutlined;

/** The icon of a menu name, else of its title; in its own chunk with the icon set (icons.tsx). */
export const IconOf = ({ name, title }: { name: string; title?: string }) => {
  const Icon = iconComponentOf(name, title);
  return <Icon />;
};
