import { Spin } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { QR_SIZE } from './logic.ts';

/** A real QR code (qrcode lib) of `text` as an image, 300 px. */
export const QrCode = ({ text, size = QR_SIZE, testId }: { text: string; size?: number; testId?: string }) => {
  const [src, setSrc] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(text, { width: size, margin: 1, errorCorrectionLevel: 'M' })
      .then((url) => live && setSrc({ text, url }))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [text, size]);
  const url = src && src.text === text ? src.url : null;
  return (
    <div
      style={{ width: size, height: size, display: 'inline-flex', alignItems: 'center', justifyContent: 'center' }}
      data-testid={testId}
      data-qr-text={text}
    >
      {url ? <img src={url} width={size} height={size} alt="二维码" /> : <Spin />}
    </div>
  );
};
