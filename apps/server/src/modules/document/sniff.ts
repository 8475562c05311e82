/** File types by their first bytes, never by the name or the client's content type. */
export type Sniffed = { ext: string; mime: string; image: boolean };

const starts = (b: Buffer, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);

export const sniff = (head: Buffer): Sniffed | null => {
  if (starts(head, [0xff, 0xd8, 0xff])) return { ext: 'jpg', mime: 'image/jpeg', image: true };
  if (starts(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { ext: 'png', mime: 'image/png', image: true };
  if (starts(head, [0x47, 0x49, 0x46, 0x38])) return { ext: 'gif', mime: 'image/gif', image: true };
  if (starts(head, [0x52, 0x49, 0x46, 0x46]) && starts(head, [0x57, 0x45, 0x42, 0x50], 8))
    return { ext: 'webp', mime: 'image/webp', image: true };
  if (starts(head, [0x25, 0x50, 0x44, 0x46])) return { ext: 'pdf', mime: 'application/pdf', image: false };
  if (starts(head, [0x50, 0x4b, 0x03, 0x04])) return { ext: 'zip', mime: 'application/zip', image: false };
  if (starts(head, [0xd0, 0xcf, 0x11, 0xe0])) return { ext: 'doc', mime: 'application/msword', image: false };
  return null;
};

/** Office files are zips; keep the user's docx/xlsx/pptx extension when the bytes agree. */
export const extensionFor = (s: Sniffed, filename: string) => {
  const given = filename.toLowerCase().split('.').pop() ?? '';
  if (s.ext === 'zip' && ['docx', 'xlsx', 'pptx', 'zip'].includes(given)) return given;
  if (s.ext === 'doc' && ['doc', 'xls', 'ppt'].includes(given)) return given;
  return s.ext;
};
