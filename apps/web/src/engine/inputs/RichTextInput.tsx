import { BoldOutlined, ItalicOutlined, UnderlineOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useEffect, useRef } from 'react';
import type { InputProps } from '../registry/inputs.ts';
import { TextInput } from './basic.tsx';

/** A small rich-text editor (bold / italic / underline); the server sanitizes the HTML. */
export const RichTextInput = (p: InputProps) => {
  const ref = useRef<HTMLDivElement>(null);
  const html = typeof p.value === 'string' ? p.value : '';

  useEffect(() => {
    const el = ref.current;
    if (el && el.innerHTML !== html) el.innerHTML = html;
  }, [html]);

  if (p.mode === 'search') return <TextInput {...p} />;

  const exec = (cmd: 'bold' | 'italic' | 'underline') => {
    ref.current?.focus();
    document.execCommand(cmd);
    p.onChange?.(ref.current?.innerHTML ?? '');
  };

  return (
    <div style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <Space size={2} style={{ padding: 4, borderBottom: '1px solid #f0f0f0', width: '100%' }}>
        <Button
          size="small"
          type="text"
          icon={<BoldOutlined />}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => exec('bold')}
          disabled={p.disabled}
          aria-label="加粗"
        />
        <Button
          size="small"
          type="text"
          icon={<ItalicOutlined />}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => exec('italic')}
          disabled={p.disabled}
          aria-label="斜体"
        />
        <Button
          size="small"
          type="text"
          icon={<UnderlineOutlined />}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => exec('underline')}
          disabled={p.disabled}
          aria-label="下划线"
        />
      </Space>
      <div
        id={p.id}
        ref={ref}
        contentEditable={!p.disabled}
        suppressContentEditableWarning
        onInput={(e) => p.onChange?.(e.currentTarget.innerHTML)}
        style={{ minHeight: 120, padding: '6px 11px', outline: 'none', maxHeight: 360, overflow: 'auto' }}
      />
    </div>
  );
};
