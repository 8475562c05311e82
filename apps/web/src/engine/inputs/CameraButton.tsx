import { CameraOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import type { CaptureUpload } from './CameraDialog.tsx';

// the dialog (and the camera) load with the first 拍照, not with every form that has a photo
const CameraDialog = lazy(() => import('./CameraDialog.tsx').then((m) => ({ default: m.CameraDialog })));

/** 拍照 beside an image field's upload: the camera dialog, mounted only while open so its tracks stop on close. */
export const CameraButton = ({
  disabled,
  onCaptured,
  upload,
}: {
  disabled?: boolean;
  onCaptured: (path: string, still: Blob) => void;
  /** where the still goes: the forms' upload unless a page has its own (the public visitor page) */
  upload?: CaptureUpload;
}) => {
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
          <CameraDialog onClose={() => setOpen(false)} onCaptured={onCaptured} upload={upload} />
        </Suspense>
      ) : null}
    </>
  );
};
