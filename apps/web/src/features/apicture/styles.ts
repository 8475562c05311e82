import type { CSSProperties } from 'react';

/** The one-map's floating boxes and controls on the stage (design pixels). */
export const box: CSSProperties = {
  position: 'absolute',
  zIndex: 6,
  background: 'rgba(6,18,43,0.92)',
  border: '1px solid rgba(64,158,255,0.5)',
  borderRadius: 4,
  boxShadow: '0 0 18px rgba(55,198,255,0.15)',
  color: '#d6e6ff',
};

export const button = (on: boolean): CSSProperties => ({
  height: 36,
  padding: '0 16px',
  background: on ? 'rgba(55,198,255,0.35)' : 'rgba(8,30,66,0.9)',
  color: on ? '#fff' : '#d6e6ff',
  border: `1px solid ${on ? '#37c6ff' : 'rgba(64,158,255,0.6)'}`,
  borderRadius: 3,
  fontSize: 15,
  cursor: 'pointer',
});

export const input: CSSProperties = {
  height: 34,
  padding: '0 10px',
  background: 'rgba(8,30,66,0.9)',
  color: '#e8f3ff',
  border: '1px solid rgba(64,158,255,0.6)',
  borderRadius: 3,
  fontSize: 14,
  outline: 'none',
  boxSizing: 'border-box',
};

export const head: CSSProperties = {
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  padding: '10px 14px',
  borderBottom: '1px solid rgba(64,158,255,0.25)',
  background: 'linear-gradient(90deg, rgba(55,198,255,0.22), transparent)',
  fontSize: 17,
  fontWeight: 600,
  color: '#e8f3ff',
};

export const muted = '#7f9cc7';
