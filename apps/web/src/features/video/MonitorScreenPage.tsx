import { videoApi } from '@5a/contracts/endpoints/video';
import { call } from '../../api/call.ts';
import { WALL_TITLE } from './logic.ts';
import { VideoWall } from './VideoWall.tsx';

/** /Web/Internet/MonitorScreen/index: the signed-in company's wall, its cameras within the user's villages. */
export const MonitorScreenPage = () => (
  <VideoWall
    title={WALL_TITLE.monitor}
    queryKey={['video', 'monitor']}
    load={(keyword) => call(videoApi.monitor, keyword ? { keyword } : {})}
  />
);
