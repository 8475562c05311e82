import { Modal, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { MapPickerProps } from './types.ts';

/** OpenLayers is loaded only when a map opens (its own chunk). */
export const LazyMapPicker = lazy(() => import('./MapPicker.tsx').then((m) => ({ default: m.MapPicker })));

export const MapFallback = ({ height = 480 }: { height?: number }) => (
  <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
    <Spin description="地图加载中…" />
  </div>
);

type Props = MapPickerProps & { open: boolean; title: string; onClose: () => void };

/** The map tool in a dialog; confirm/cancel close it through onConfirm/onClose. */
export const MapPickerModal = ({ open, title, onClose, ...picker }: Props) => (
  <Modal
    open={open}
    title={title}
    onCancel={onClose}
    footer={null}
    width={1000}
    destroyOnHidden
    mask={{ closable: false }}
  >
    {open ? (
      <Suspense fallback={<MapFallback height={picker.height} />}>
        <LazyMapPicker {...picker} onCancel={picker.readOnly ? undefined : onClose} />
      </Suspense>
    ) : null}
  </Modal>
);
