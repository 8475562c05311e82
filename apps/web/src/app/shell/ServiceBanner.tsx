import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { lazy, Suspense } from 'react';
import { useNavigate } from '../../lib/router.tsx';
import { getServiceState } from '../../api/endpoints.ts';
import { useSession } from '../guard/session.ts';

const RENEWAL_PATH = '/Web/Renewal/Service/index';
// antd's Alert loads only when there is something to say
const ServiceAlert = lazy(() => import('./ServiceAlert.tsx').then((m) => ({ default: m.ServiceAlert })));
/** the banner shows this many days ahead of the expiry */
const WARN_DAYS = 30;

/**
 * A property company's subscription as a banner: expiring soon (warning), or lapsed past its grace days
 * (the company may read, not write, until it renews). Nothing for the platform or operators.
 */
export const ServiceBanner = () => {
  const { user, routes } = useSession();
  const navigate = useNavigate();
  const state = useQuery({
    queryKey: ['serviceState', user.id],
    queryFn: getServiceState,
    enabled: user.kind === 'web',
    refetchInterval: 300_000,
  });
  const s = state.data;
  if (!s || (!s.readOnly && (s.daysLeft === null || s.daysLeft > WARN_DAYS))) return null;
  const text =
    s.message ||
    (s.daysLeft !== null && s.daysLeft >= 0 ? `物业服务将于${s.expire}到期（剩余${s.daysLeft}天），请及时续费` : '');
  if (!text) return null;
  const renew = routes.has(RENEWAL_PATH) ? (
    <Button size="small" type="primary" onClick={() => void navigate(RENEWAL_PATH)}>
      去续费
    </Button>
  ) : null;
  return (
    <Suspense fallback={null}>
      <ServiceAlert readOnly={s.readOnly} text={text} action={renew} />
    </Suspense>
  );
};
