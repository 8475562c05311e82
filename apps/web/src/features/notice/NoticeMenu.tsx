import { NotificationOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tooltip } from 'antd';
// antd's Badge without its index, whose Badge.Ribbon (and its styles) no page shows
import Badge from 'antd/es/badge/Badge';
import { useNavigate } from '../../lib/router.tsx';
import { NOTICE_LIST_PATH, upNotice } from './api.ts';
import { useNoticeStore } from './store.ts';

/** Header: the user's unread announcements; choosing one marks it read and opens it in the list. */
export const NoticeMenu = () => {
  const notices = useNoticeStore((s) => s.notices);
  const setNotices = useNoticeStore((s) => s.setNotices);
  const navigate = useNavigate();
  const open = (id: number) => {
    setNotices(useNoticeStore.getState().notices.filter((n) => n.id !== id));
    void upNotice(id).catch(() => undefined);
    void navigate(`${NOTICE_LIST_PATH}?vuexNoticeId=${id}`);
  };
  const items = notices.length
    ? notices.map((n) => ({ key: String(n.id), label: <span data-testid={`notice-item-${n.id}`}>{n.title}</span> }))
    : [{ key: 'none', label: '暂无未读公告', disabled: true }];
  return (
    <Dropdown menu={{ items, onClick: ({ key }) => key !== 'none' && open(Number(key)) }} trigger={['click']}>
      <Tooltip title="平台公告">
        <Badge count={notices.length} size="small" offset={[-4, 4]}>
          <Button
            type="text"
            icon={<NotificationOutlined />}
            aria-label="平台公告"
            data-testid="notice-menu"
            data-count={notices.length}
          />
        </Badge>
      </Tooltip>
    </Dropdown>
  );
};
