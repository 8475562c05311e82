import { create } from 'zustand';
import { readLocalJson, writeLocalJson } from '../lib/storage.ts';

/** Environment selection of the API base address. */
export type EnvPreset = 'test' | 'local' | 'custom';
export type EnvSetting = { preset: EnvPreset; custom: string };

export const envPresets: { value: EnvPreset; label: string; base: string }[] = [
  { value: 'test', label: '测试环境', base: '/xapi' },
  { value: 'local', label: '本地开发', base: 'http://127.0.0.1:8080/xapi' },
  { value: 'custom', label: '自定义', base: '' },
];

export const DEFAULT_BASE = '/xapi';

const isEnvSetting = (v: unknown): v is EnvSetting =>
  typeof v === 'object' &&
  v !== null &&
  'preset' in v &&
  'custom' in v &&
  typeof v.custom === 'string' &&
  envPresets.some((p) => p.value === v.preset);

export const baseOf = (s: EnvSetting) => {
  if (s.preset === 'custom') return s.custom.trim() || DEFAULT_BASE;
  return envPresets.find((p) => p.value === s.preset)?.base ?? DEFAULT_BASE;
};

type EnvState = EnvSetting & { baseUrl: string; setEnv: (s: EnvSetting) => boolean };

const initial: EnvSetting = readLocalJson('env', isEnvSetting) ?? { preset: 'test', custom: '' };

export const useEnvStore = create<EnvState>((set, get) => ({
  ...initial,
  baseUrl: baseOf(initial),
  /** Returns true when the effective base address changed. */
  setEnv: (s) => {
    const changed = baseOf(s) !== get().baseUrl;
    writeLocalJson('env', s);
    set({ ...s, baseUrl: baseOf(s) });
    return changed;
  },
}));
