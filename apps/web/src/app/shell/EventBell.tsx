import { BellOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
// antd's Badge without its index, whose Badge.Ribbon (and its styles) no page shows
import Badge from 'antd/es/badge/Badge';
import { useEffect } from 'react';
import { useNavigate } from '../../lib/router.tsx';
import { getReportNum, markReportsRead } from '../../api/endpoints.ts';
import { EVENT_POLL_MS, REPAIR_LIST_PATH } from '../../config.ts';
import { useShellStore } from '../../store/shell.ts';
import { startPolling } from './polling.ts';
import { t } from '../../lib/i18n.ts';

/** Polls the report count every 60 s while `enabled`; errors are silent until polling stops. */
export const useEventPolling = (enabled: boolean) => {
  const setEventCount = useShellStore((s) => s.setEventCount);
  useEffect(() => {
    if (!enabled) return;
    return startPolling(getReportNum, EVENT_POLL_MS, { onData: (r) => setEventCount(Number(r.num) || 0) });
  }, [enabled, setEventCount]);
};

/** Header bell: click clears the count and opens the repair list. */
export const EventBell = () => {
  const count = useShellStore((s) => s.eventCount);
  const setEventCount = useShellStore((s) => s.setEventCount);
  const navigate = useNavigate();
  return (
    <Tooltip title={t('events')}>
      <Badge count={count} size="small" offset={[-4, 4]} data-testid="event-bell-badge">
        <Button
          type="text"
          icon={<BellOutlined />}
          aria-label={t('events')}
          data-testid="event-bell"
          data-count={count}
          onClick={() => {
            setEventCount(0);
            void markReportsRead().catch(() => undefined);
            void navigate(REPAIR_LIST_PATH);
          }}
        />
      </Badge>
    </Tooltip>
  );
};
