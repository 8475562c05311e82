import QRCode from 'qrcode';

const SIZE = 320;
const PAD = 24;
const CAPTION = 48;

/** Draws the QR code of `url` on `canvas`, white and printable, with its caption (if any) below it. */
export const drawCaptionedQr = async (canvas: HTMLCanvasElement, url: string, caption: string) => {
  const code = document.createElement('canvas');
  await QRCode.toCanvas(code, url, { width: SIZE, margin: 1, errorCorrectionLevel: 'M' });
  canvas.width = SIZE + PAD * 2;
  canvas.height = SIZE + PAD * 2 + (caption ? CAPTION : 0);
  const g = canvas.getContext('2d');
  if (!g) return;
  g.fillStyle = '#fff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.drawImage(code, PAD, PAD, SIZE, SIZE);
  if (!caption) return;
  g.fillStyle = '#222';
  g.font = '20px sans-serif';
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  g.fillText(caption, canvas.width / 2, SIZE + PAD + CAPTION / 2 + 4, canvas.width - PAD);
};

/** Saves what `canvas` shows as a PNG file named `filename`. */
export const downloadPng = (canvas: HTMLCanvasElement, filename: string) =>
  canvas.toBlob((blob) => {
    if (!blob) return;
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = filename;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  }, 'image/png');
