import { useSyncExternalStore } from 'react';

/** Below antd's md breakpoint the shell takes ant-design-pro's mobile layout (menus in a drawer). */
export const PHONE_QUERY = '(max-width: 767.98px)';

const media = () => (typeof window === 'undefined' ? null : window.matchMedia(PHONE_QUERY));

const subscribe = (onChange: () => void) => {
  const m = media();
  m?.addEventListener('change', onChange);
  return () => m?.removeEventListener('change', onChange);
};

/** True while the window is phone-sized; follows rotation and resizing. */
export const usePhone = () =>
  useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  );
