import type { CSSProperties } from 'react';

/** The wall's dark big-screen look, in one place. */
const fg = '#cfe3ff';
const line = '1px solid #1f3a5c';
const button: CSSProperties = {
  flex: 1,
  padding: '3px 0',
  color: fg,
  background: '#12304f',
  border: line,
  borderRadius: 4,
  cursor: 'pointer',
  fontSize: 12,
};

export const panel = {
  root: { display: 'flex', flexDirection: 'column', height: '100%', background: '#0a1b30', color: fg },
  clock: { textAlign: 'center', padding: '12px 0', borderBottom: line },
  title: { fontSize: 20, fontWeight: 600 },
  small: { fontSize: 12, marginTop: 6 },
  time: { fontSize: 26, fontVariantNumeric: 'tabular-nums' },
  tools: { padding: 8, display: 'flex', flexDirection: 'column', gap: 8 },
  row: { display: 'flex', gap: 6, padding: '0 8px' },
  button,
  toggle: (on: boolean): CSSProperties => ({ ...button, background: on ? '#1668dc' : button.background }),
  tab: (on: boolean): CSSProperties => ({
    ...button,
    borderRadius: 0,
    border: 'none',
    borderBottom: on ? '2px solid #4096ff' : '2px solid transparent',
    background: 'transparent',
  }),
  input: {
    flex: 1,
    minWidth: 0,
    padding: '3px 6px',
    color: fg,
    background: '#061426',
    border: line,
    borderRadius: 4,
    fontSize: 12,
  },
  scroll: { flex: 1, minHeight: 0, overflowY: 'auto', padding: '4px 8px' },
  empty: { textAlign: 'center', color: '#6b86a8', padding: 16, fontSize: 12 },
  item: {
    display: 'block',
    width: '100%',
    textAlign: 'left',
    padding: '6px 8px',
    color: fg,
    background: 'transparent',
    border: 'none',
    borderBottom: '1px solid #132a45',
    cursor: 'pointer',
    fontSize: 12,
  },
  number: { color: '#6fb3ff', marginRight: 6 },
  muted: { color: '#6b86a8' },
  branch: { fontSize: 12, paddingLeft: 8 },
  summary: { cursor: 'pointer', padding: '3px 0' },
  leaf: {
    display: 'block',
    padding: '3px 0 3px 16px',
    color: fg,
    background: 'transparent',
    border: 'none',
    cursor: 'pointer',
    fontSize: 12,
  },
} satisfies Record<string, CSSProperties | ((on: boolean) => CSSProperties)>;
