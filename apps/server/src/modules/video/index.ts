import { definePage } from '../../core/screens/define.ts';
import { lendDeviceFigures } from '../operator/index.ts';
import type { Module } from '../types.ts';
import { cameraCounts } from './figures.ts';
import { videoListResource } from './resource.ts';
import { registerVideoRoutes } from './routes.ts';

/** 监控大屏: the wall (a full-screen page of its own, outside the shell); its one call is POST on its path. */
export const monitorScreenPage = definePage({
  name: 'MonitorScreen',
  path: '/Web/Internet/MonitorScreen/index',
  title: '监控大屏',
  component: 'MonitorScreen',
  menu: { app: 'web', group: 'iot', order: 4 },
});

/** 视频监控: cameras (HLS streams) by village and area, the video wall, and its expiring, revocable share links. */
export const videoModule: Module = {
  name: 'video',
  register: (api, deps) => {
    // the platform home and the operator cockpit count the cameras
    lendDeviceFigures(deps.registry, cameraCounts);
    return registerVideoRoutes(api, deps);
  },
  screens: [videoListResource, monitorScreenPage],
};

/** the demo's test stream, made once at the server's first start */
export { ensureDemoStream, type DemoStreamState } from './demo-stream.ts';

/** cameras in all, in use and per village, for the dashboards (videoNum) */
export { cameraFigures, type CameraFigures, type VideoScope } from './figures.ts';
