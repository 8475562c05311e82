import { CheckOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { updateTheme } from '../../api/endpoints.ts';
import { ActionDialog } from '../../engine/dialog/ActionDialog.tsx';
import { themePresets, useSettingsStore } from '../../store/settings.ts';

type Props = { open: boolean; onClose: () => void };

/** Theme dialog: pick a colour preset, saved with updateTheme and applied through ConfigProvider. */
export const ThemeDialog = ({ open, onClose }: Props) => {
  const theme = useSettingsStore((s) => s.theme);
  const setTheme = useSettingsStore((s) => s.setTheme);
  // null = nothing picked yet in this opening: show the current theme
  const [choice, setPicked] = useState<string | null>(null);
  const picked = choice ?? theme;
  const close = () => {
    setPicked(null);
    onClose();
  };

  return (
    <ActionDialog
      title="主题设置"
      open={open}
      okText="保存"
      destroyOnHidden={false}
      send={() => updateTheme(picked)}
      success={() => '保存成功!'}
      onClose={close}
      onDone={() => setTheme(picked)}
    >
      <div className="theme-swatches" data-testid="theme-dialog">
        {themePresets.map((t) => (
          <button
            type="button"
            key={t.value}
            className={`theme-swatch${picked === t.value ? ' active' : ''}`}
            onClick={() => setPicked(t.value)}
            data-testid={`theme-${t.value}`}
            aria-pressed={picked === t.value}
          >
            <span className="theme-color" style={{ background: t.color }}>
              {picked === t.value ? <CheckOutlined /> : null}
            </span>
            <span>{t.label}</span>
          </button>
        ))}
      </div>
    </ActionDialog>
  );
};
