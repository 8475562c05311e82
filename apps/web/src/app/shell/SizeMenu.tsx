import { FontSizeOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useLocation, useNavigate } from '../../lib/router.tsx';
import { uiSizes, useSettingsStore, type UiSize } from '../../store/settings.ts';
import { t } from '../../lib/i18n.ts';

const isUiSize = (v: string): v is UiSize => uiSizes.some((s) => s.value === v);

/** UI size (default 'mini'); a change reloads the page through /refresh. */
export const SizeMenu = () => {
  const size = useSettingsStore((s) => s.size);
  const setSize = useSettingsStore((s) => s.setSize);
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: uiSizes.map((s) => ({ key: s.value, label: <span data-testid={`size-${s.value}`}>{s.label}</span> })),
        onClick: ({ key }) => {
          if (!isUiSize(key) || key === size) return;
          setSize(key);
          void navigate('/refresh', { replace: true, state: { from: location.pathname + location.search } });
        },
      }}
    >
      <Button
        type="text"
        icon={<FontSizeOutlined />}
        title={t('layoutSize')}
        aria-label={t('layoutSize')}
        data-testid="header-size"
        data-size={size}
      />
    </Dropdown>
  );
};
