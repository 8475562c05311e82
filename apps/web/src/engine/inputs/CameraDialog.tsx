import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { CAPTURE_FIRST, CAPTURE_SIZE, CAPTURE_TYPE, cameraErrorText, coverCrop } from '../logic/camera.ts';
import { UPLOAD_OK } from '../logic/image.ts';
import { uploadFile } from './upload.ts';

/** stores the still and answers its path or the error to show; the forms' logged-in upload unless given */
export type CaptureUpload = (
  file: Blob,
  name: string,
) => Promise<{ ok: true; path: string } | { ok: false; error: string }>;
type Props = { onClose: () => void; onCaptured: (path: string, still: Blob) => void; upload?: CaptureUpload };

const stop = (stream: MediaStream) => stream.getTracks().forEach((t) => t.stop());

/** The live camera while the dialog is mounted; its tracks stop when it goes (closed, or the form with it). */
const useCamera = () => {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let gone = false;
    let taken: MediaStream | null = null;
    const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    const started = media?.getUserMedia
      ? media.getUserMedia({ video: true, audio: false })
      : Promise.reject(new Error('unsupported'));
    started.then(
      (s) => {
        // closed before the user allowed it: let the camera go at once
        if (gone) return stop(s);
        taken = s;
        setStream(s);
      },
      (e: unknown) => {
        if (!gone) setError(cameraErrorText(media?.getUserMedia ? ((e as Error)?.name ?? 'Error') : null));
      },
    );
    return () => {
      gone = true;
      if (taken) stop(taken);
    };
  }, []);
  return { stream, error };
};

/**
 * 拍照: the live camera; 拍照 draws the frame onto a 500×400 canvas (重拍 goes back to the camera), 确定 uploads that
 * PNG like the uploader does and hands back its path. Mounted only while open.
 */
export const CameraDialog = ({ onClose, onCaptured, upload: store = uploadFile }: Props) => {
  const { message } = App.useApp();
  const { stream, error } = useCamera();
  // the upload runs once per click: 确定 shows it busy until the file is stored or refused
  const upload = useMutation({
    mutationFn: async (still: HTMLCanvasElement) => {
      const blob = await new Promise<Blob | null>((resolve) => still.toBlob(resolve, CAPTURE_TYPE));
      return blob ? { out: await store(blob, 'camera.png'), blob } : null;
    },
    onSuccess: (done) => {
      if (!done?.out.ok) {
        void message.error(done && !done.out.ok ? done.out.error : '上传失败');
        return;
      }
      void message.success(UPLOAD_OK);
      onCaptured(done.out.path, done.blob);
      onClose();
    },
  });
  const busy = upload.isPending;
  const video = useRef<HTMLVideoElement | null>(null);
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const [captured, setCaptured] = useState(false);

  const capture = () => {
    const v = video.current;
    const ctx = canvas.current?.getContext('2d');
    if (!v || !ctx || !v.videoWidth) return;
    const { sx, sy, sw, sh } = coverCrop(v.videoWidth, v.videoHeight);
    ctx.drawImage(v, sx, sy, sw, sh, 0, 0, CAPTURE_SIZE.width, CAPTURE_SIZE.height);
    setCaptured(true);
  };

  const confirm = () => {
    if (!captured || !canvas.current) {
      void message.warning(CAPTURE_FIRST);
      return;
    }
    if (!busy) upload.mutate(canvas.current);
  };

  const frame = { width: '100%', maxWidth: CAPTURE_SIZE.width, aspectRatio: '5 / 4', background: '#000' } as const;
  return (
    <Modal
      open
      title="拍照"
      width={CAPTURE_SIZE.width + 48}
      onCancel={onClose}
      onOk={confirm}
      okText="确定"
      cancelText="取消"
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'camera-confirm' }}
    >
      <div data-testid="camera-dialog">
        {error ? (
          <Alert type="warning" showIcon message={error} data-testid="camera-error" />
        ) : (
          <Space direction="vertical" align="center" style={{ width: '100%' }}>
            <video
              ref={(v) => {
                video.current = v;
                if (v && stream && v.srcObject !== stream) v.srcObject = stream;
              }}
              autoPlay
              playsInline
              muted
              onPlaying={() => setPlaying(true)}
              style={{ ...frame, objectFit: 'cover', display: captured ? 'none' : 'block' }}
              data-testid="camera-video"
            />
            <canvas
              ref={canvas}
              width={CAPTURE_SIZE.width}
              height={CAPTURE_SIZE.height}
              style={{ ...frame, display: captured ? 'block' : 'none' }}
              data-testid="camera-still"
            />
            {captured ? (
              <Button onClick={() => setCaptured(false)} disabled={busy} data-testid="camera-retake">
                重拍
              </Button>
            ) : (
              <Button type="primary" onClick={capture} disabled={!playing} data-testid="camera-capture">
                拍照
              </Button>
            )}
          </Space>
        )}
      </div>
    </Modal>
  );
};
