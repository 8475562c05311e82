import { videoApi } from '@5a/contracts/endpoints/video';
import { call } from '../../api/call.ts';
import { useSearchParams } from '../../lib/router.tsx';
import { WALL_TITLE } from './logic.ts';
import { VideoWall } from './VideoWall.tsx';

/**
 * /openmonitor?param=<token> (no login): the wall a company shared by link. A wrong, expired or revoked link shows
 * the server's refusal instead of windows; an identity failure never logs anyone out here.
 */
export const OpenMonitorPage = () => {
  const [params] = useSearchParams();
  const param = params.get('param') ?? '';
  return (
    <VideoWall
      title={WALL_TITLE.open}
      queryKey={['video', 'open', param]}
      load={(keyword) =>
        call(videoApi.publicList, keyword ? { param, keyword } : { param }, { skipAuthFailure: true, silent: true })
      }
    />
  );
};
