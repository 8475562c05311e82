import { useEffect, type ReactElement } from 'react';
import type { FeedbackHostProps } from '../lazyFeedback.tsx';

/** Mounts antd's feedback hook and its holder on the first call (lib/lazyFeedback.tsx), then shows what waited. */
export const feedbackHost = <Api, Config>(useApi: (config: Config) => readonly [Api, ReactElement]) => {
  const FeedbackHost = ({ box, calls, config }: FeedbackHostProps<Api, Config>) => {
    const [api, holder] = useApi(config);
    useEffect(() => {
      box.api = api;
      return () => {
        box.api = null;
      };
    }, [box, api]);
    useEffect(() => {
      for (const p of box.pending.splice(0)) p.run(api);
    }, [box, api, calls]);
    return holder;
  };
  return FeedbackHost;
};
