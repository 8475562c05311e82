import { getCookie, setCookie } from './storage.ts';

export type Lang = 'zh' | 'en';

/**
 * The web's own texts in both languages, one typed table: a key missing in either language does not compile.
 * Chinese is the product's language; English is the fallback locale (the `lang` cookie other than 'zh-chs').
 * Texts the server sends (menus, screen configs, messages) are shown as they come.
 */
const zh = {
  // feedback the product names in English for the fallback locale
  loginSuccess: '登录成功',
  loginFailed: '登录失败',
  logoutCancelled: '已取消退出',
  logoutConfirmTitle: '提示',
  logoutConfirm: '确定注销并退出系统吗？',
  deleteConfirmTitle: '提示',
  deleteConfirm: '确定要删除该数据吗？',
  operationSucceeded: '操作成功!',
  submitted: '提交成功!',
  deleted: '删除成功!',
  hintTitle: '提示',
  ok: '确定',
  cancel: '取消',
  save: '保存',
  close: '关闭',
  // shell
  appName: '5A云小区',
  expandSider: '展开侧边栏',
  collapseSider: '收起侧边栏',
  openMenu: '打开菜单',
  searchMenu: '搜索菜单',
  searchMenuPlaceholder: '输入菜单名称或拼音搜索',
  noMatchingMenu: '没有匹配的菜单',
  noSideMenu: '暂无侧边菜单',
  theme: '主题设置',
  layoutSize: '布局大小',
  events: '事件提醒',
  fullscreen: '全屏',
  exitFullscreen: '退出全屏',
  userSettings: '个人设置',
  envSettings: '环境设置',
  logout: '退出登录',
  tabRefresh: '刷新',
  tabCloseLeft: '关闭左侧',
  tabCloseRight: '关闭右侧',
  tabCloseOthers: '关闭其他',
  tabCloseAll: '关闭全部',
  allTabs: '全部标签',
  invalidOperation: '无效的操作',
  // engine
  search: '查询',
  reset: '重置',
  expand: '展开',
  collapse: '收起',
  hiddenFiltersSet: '{n} 个收起的条件已填写',
  refresh: '刷新',
  actions: '操作',
  expiredDays: '已过期 {n} 天',
  daysLeft: '{n} 天',
  expiresToday: '今天到期',
  noExpiry: '长期',
} as const;

export type MessageKey = keyof typeof zh;

const en: Record<MessageKey, string> = {
  loginSuccess: 'login successful',
  loginFailed: 'login failed',
  logoutCancelled: 'cancel logout',
  logoutConfirmTitle: 'hint',
  logoutConfirm: 'Log out of the system?',
  deleteConfirmTitle: 'hint',
  deleteConfirm: 'are you sure to delete this data?',
  operationSucceeded: 'operation succeeded!',
  submitted: 'submitted successfully!',
  deleted: 'deleted successfully!',
  hintTitle: 'hint',
  ok: 'OK',
  cancel: 'Cancel',
  save: 'Save',
  close: 'Close',
  appName: '5A Cloud Community',
  expandSider: 'Expand side menu',
  collapseSider: 'Collapse side menu',
  openMenu: 'Open menu',
  searchMenu: 'Search menu',
  searchMenuPlaceholder: 'Type a menu name or its pinyin',
  noMatchingMenu: 'No matching menu',
  noSideMenu: 'no side menu',
  theme: 'Theme',
  layoutSize: 'Layout size',
  events: 'Events',
  fullscreen: 'Fullscreen',
  exitFullscreen: 'Exit fullscreen',
  userSettings: 'Settings',
  envSettings: 'Environment',
  logout: 'Log out',
  tabRefresh: 'Refresh',
  tabCloseLeft: 'Close left',
  tabCloseRight: 'Close right',
  tabCloseOthers: 'Close others',
  tabCloseAll: 'Close all',
  allTabs: 'All tabs',
  invalidOperation: 'invalid operation',
  search: 'Search',
  reset: 'Reset',
  expand: 'More',
  collapse: 'Less',
  hiddenFiltersSet: '{n} folded filters set',
  refresh: 'Refresh',
  actions: 'Actions',
  expiredDays: 'expired {n} days ago',
  daysLeft: '{n} days',
  expiresToday: 'expires today',
  noExpiry: 'no expiry',
};

export const messages: Record<Lang, Record<MessageKey, string>> = { zh, en };

/** The `lang` cookie: 'zh-chs' (set when absent) is Chinese, any other value the English fallback. */
export const langOf = (cookie: string | null): Lang => (cookie === null || cookie === 'zh-chs' ? 'zh' : 'en');

const resolveLang = (): Lang => {
  if (typeof document === 'undefined') return 'zh';
  const cookie = getCookie('lang');
  if (cookie === null) setCookie('lang', 'zh-chs');
  return langOf(cookie);
};

/** The page's language, read once: changing it means reloading, as the cookie is read at start. */
export const lang: Lang = resolveLang();
export const isZh = lang === 'zh';

/** A text in the page's language, `{name}` placeholders filled from `vars`. */
export const t = (key: MessageKey, vars?: Record<string, string | number>, in_: Lang = lang): string => {
  const text = messages[in_][key];
  return vars ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : text;
};
