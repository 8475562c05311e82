import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useRef, useState } from 'react';
import { roomFor } from './logic.ts';
import { uploadImage } from './publicApi.ts';

/** an uploaded picture: the stored path sent with the form, and the local preview shown meanwhile */
export type Pic = { path: string; preview: string };

const TILE = { width: 80, height: 80, borderRadius: 6 } as const;

/**
 * Pictures for a post or a repair, uploaded one by one as they are picked (a phone's upload is slow; one at a time
 * keeps each within its timeout), up to `max`.
 */
export const Pictures = ({
  max,
  value,
  onChange,
  testId,
}: {
  max: number;
  value: Pic[];
  onChange: (pics: Pic[]) => void;
  testId: string;
}) => {
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const picked = async (files: File[]) => {
    const take = files.slice(0, roomFor(value.length, max, files.length));
    if (files.length > take.length) void message.warning(`最多上传${max}张图片`);
    setBusy(true);
    let list = value;
    try {
      for (const f of take) {
        const out = await uploadImage(f, f.name);
        if (!out.ok) {
          void message.error(out.error);
          break;
        }
        list = [...list, { path: out.path, preview: URL.createObjectURL(f) }];
        onChange(list);
      }
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  const remove = (p: Pic) => {
    URL.revokeObjectURL(p.preview);
    onChange(value.filter((v) => v !== p));
  };

  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }} data-testid={testId}>
      {value.map((p) => (
        <div key={p.path} style={{ position: 'relative' }}>
          <img src={p.preview} alt="图片" style={{ ...TILE, objectFit: 'cover' }} data-testid={`${testId}-pic`} />
          <Button
            size="small"
            shape="circle"
            icon={<CloseOutlined />}
            aria-label="删除图片"
            onClick={() => remove(p)}
            style={{ position: 'absolute', top: -6, right: -6 }}
          />
        </div>
      ))}
      {value.length < max ? (
        <Button style={TILE} loading={busy} onClick={() => input.current?.click()} data-testid={`${testId}-add`}>
          {busy ? null : <PlusOutlined />}
        </Button>
      ) : null}
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        data-testid={`${testId}-file`}
        onChange={(e) => void picked([...(e.target.files ?? [])])}
      />
    </div>
  );
};
