import { CameraOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';

// the dialog (and the camera) load with the first 拍照, not with every form that has a photo
const CameraDialog = lazy(() => import('./CameraDialog.tsx').then((m) => ({ default: m.CameraDialog })));

/** 拍照 beside an image field's upload: the camera dialog, mounted only while open so its tracks stop on close. */
export const CameraButton = ({ disabled, onCaptured }: { disabled?: boolean; onCaptured: (path: string) => void }) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        style={{ width: 80, height: 80 }}
        disabled={disabled}
        onClick={() => setOpen(true)}
        data-testid="camera-open"
      >
        <CameraOutlined />
        <div style={{ fontSize: 12 }}>拍照</div>
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <CameraDialog onClose={() => setOpen(false)} onCaptured={onCaptured} />
        </Suspense>
      ) : null}
    </>
  );
};
