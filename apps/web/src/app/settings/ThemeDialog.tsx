import { CheckOutlined } from '@ant-design/icons';
import { App, Modal } from 'antd';
import { useState } from 'react';
import { updateTheme } from '../../api/endpoints.ts';
import { themePresets, useSettingsStore } from '../../store/settings.ts';

type Props = { open: boolean; onClose: () => void };

/** Theme dialog: pick a colour preset, saved with updateTheme and applied through ConfigProvider. */
export const ThemeDialog = ({ open, onClose }: Props) => {
  const { message } = App.useApp();
  const theme = useSettingsStore((s) => s.theme);
  const setTheme = useSettingsStore((s) => s.setTheme);
  // null = nothing picked yet in this opening: show the current theme
  const [choice, setPicked] = useState<string | null>(null);
  const picked = choice ?? theme;
  const [saving, setSaving] = useState(false);
  const close = () => {
    setPicked(null);
    onClose();
  };

  const save = async () => {
    setSaving(true);
    try {
      await updateTheme(picked);
      setTheme(picked);
      void message.success('保存成功!');
      close();
    } catch {
      /* the http client already showed the error */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="主题设置"
      open={open}
      onOk={() => void save()}
      onCancel={close}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
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
    </Modal>
  );
};
