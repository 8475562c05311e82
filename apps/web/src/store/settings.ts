import { create } from 'zustand';
import { readLocal, writeLocal } from '../lib/storage.ts';

/** UI size, default 'mini'. antd knows small/middle/large. */
export const uiSizes = [
  { value: 'mini', label: '迷你', antd: 'small' },
  { value: 'small', label: '小', antd: 'small' },
  { value: 'default', label: '默认', antd: 'middle' },
  { value: 'large', label: '大', antd: 'large' },
] as const;
export type UiSize = (typeof uiSizes)[number]['value'];
export type AntdSize = (typeof uiSizes)[number]['antd'];

export const themePresets = [
  { value: 'default', label: '拂晓蓝', color: '#1677ff' },
  { value: 'geekblue', label: '极客蓝', color: '#2f54eb' },
  { value: 'green', label: '极光绿', color: '#52c41a' },
  { value: 'cyan', label: '明青', color: '#13c2c2' },
  { value: 'purple', label: '酱紫', color: '#722ed1' },
  { value: 'red', label: '薄暮', color: '#f5222d' },
  { value: 'orange', label: '日暮', color: '#fa8c16' },
] as const;

const isUiSize = (v: string | null): v is UiSize => uiSizes.some((s) => s.value === v);

export const antdSizeOf = (size: UiSize): AntdSize => uiSizes.find((s) => s.value === size)?.antd ?? 'small';
export const themeColorOf = (theme: string) =>
  themePresets.find((t) => t.value === theme)?.color ?? themePresets[0].color;

type SettingsState = {
  size: UiSize;
  theme: string;
  setSize: (s: UiSize) => void;
  setTheme: (t: string) => void;
};

export const useSettingsStore = create<SettingsState>((set) => ({
  size: (() => {
    const v = readLocal('size');
    return isUiSize(v) ? v : 'mini';
  })(),
  theme: readLocal('theme') ?? 'default',
  setSize: (size) => {
    writeLocal('size', size);
    set({ size });
  },
  setTheme: (theme) => {
    writeLocal('theme', theme);
    set({ theme });
  },
}));
