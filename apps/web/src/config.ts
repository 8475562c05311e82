import { APP_VERSION } from '@5a/contracts';

export const APP_TITLE = '5A云小区';
/** Workbench route: default landing page and the tab that cannot be closed. */
export const INDEX_PATH = '/Web/Basic/Index/index';
export const REPORT_LIST_PATH = '/Web/Repair/ReportThings/listConfig';
export const REPAIR_LIST_PATH = '/Web/Repair/RepairManagement/listConfig';
export const DEFAULT_TIMEOUT_MS = 60_000;
export const EVENT_POLL_MS = 60_000;
export const COOKIE_DAYS = 1;

/** localStorage key prefixed with the app version: a new version starts with fresh stored settings. */
export const storageKey = (name: string) => `${APP_VERSION}_${name}`;

export const pageTitle = (title: string) => (title ? `${title} - ${APP_TITLE}` : APP_TITLE);
