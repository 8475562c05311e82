import { RESIDENT_LINK_KEY, RESIDENT_PAGE_PATH, residentApi } from '@5a/contracts/endpoints/resident';
import { useEffect, useState } from 'react';
import { navigate, useSearchParams } from '../../lib/router.tsx';
import { withoutLink } from './logic.ts';
import { errorText, rcall } from './publicApi.ts';
import { saveResidentToken } from './session.ts';

export const LINK_INVALID = '链接无效或已过期';

// a link works once: React may run the effect twice, so each token is sent once and both runs share the answer
const opened = new Map<string, Promise<string>>();
const openLink = (token: string) => {
  let p = opened.get(token);
  if (!p) {
    p = rcall(residentApi.link, { token }).then(
      (r) => {
        if (!('token' in r)) return LINK_INVALID;
        saveResidentToken(r.token);
        return '';
      },
      (e: unknown) => errorText(e, LINK_INVALID),
    );
    opened.set(token, p);
  }
  return p;
};

/**
 * `?link=`: signs in with a one-time link before anything else, then takes the token out of the address bar.
 * Answers whether it is still working and the refusal to show.
 */
export const useOneTimeLink = () => {
  const [params] = useSearchParams();
  const link = params.get(RESIDENT_LINK_KEY);
  const [state, setState] = useState({ busy: !!link, error: '' });
  useEffect(() => {
    if (!link) return;
    void openLink(link).then((error) => {
      setState({ busy: false, error });
      navigate(`${RESIDENT_PAGE_PATH}${withoutLink(window.location.search, RESIDENT_LINK_KEY)}`, { replace: true });
    });
  }, [link]);
  return state;
};
