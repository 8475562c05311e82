import { DeleteOutlined, PaperClipOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Image, Space, Spin, Upload } from 'antd';
import { useState } from 'react';
import { toFileUrl } from '../cells/fileUrl.ts';
import { fileNameOf, joinPaths, planImageUpload, splitPaths, UPLOAD_OK } from '../logic/image.ts';
import type { InputProps } from '../registry/inputs.ts';
import { CameraButton } from './CameraButton.tsx';
import { shrinkImage } from './shrink.ts';
import { uploadFile } from './upload.ts';

const useUploader = (p: InputProps, image: boolean) => {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const paths = splitPaths(p.value);
  const add = (path: string) => p.onChange?.(joinPaths(p.field.multiple ? [...splitPaths(p.value), path] : [path]));
  const run = async (file: File) => {
    let body: File = file;
    if (image) {
      const plan = planImageUpload(file, p.field);
      if (!plan.ok) {
        void message.error(plan.error);
        return;
      }
      if (plan.shrink) body = await shrinkImage(file).catch(() => file);
    }
    setBusy(true);
    const out = await uploadFile(body, body.name);
    setBusy(false);
    if (!out.ok) {
      void message.error(out.error);
      return;
    }
    void message.success(UPLOAD_OK);
    add(out.path);
  };
  const remove = (path: string) => p.onChange?.(joinPaths(paths.filter((x) => x !== path)));
  const beforeUpload = (file: File) => {
    void run(file);
    return false;
  };
  return { busy, paths, add, remove, beforeUpload };
};

/**
 * Image upload: JPG-only/2 MB where the field says so, large images shrunk, value = path(s); a field with `camera`
 * may also be taken with the camera (拍照).
 */
export const ImageInput = (p: InputProps) => {
  const { busy, paths, add, remove, beforeUpload } = useUploader(p, true);
  const canAdd = !p.disabled && (p.field.multiple || paths.length === 0);
  return (
    <Space wrap id={p.id}>
      <Image.PreviewGroup>
        {paths.map((path) => (
          <div key={path} style={{ position: 'relative' }}>
            <Image
              src={toFileUrl(path)}
              width={80}
              height={80}
              style={{ objectFit: 'cover', borderRadius: 4 }}
              alt=""
            />
            {p.disabled ? null : (
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                onClick={() => remove(path)}
                style={{ position: 'absolute', top: 0, right: 0 }}
                aria-label="删除"
              />
            )}
          </div>
        ))}
      </Image.PreviewGroup>
      {canAdd ? (
        <Upload
          accept={p.field.jpgOnly ? '.jpg,.jpeg,image/jpeg' : 'image/*'}
          showUploadList={false}
          beforeUpload={beforeUpload}
          multiple={!!p.field.multiple}
        >
          <Button style={{ width: 80, height: 80 }} disabled={busy}>
            {busy ? <Spin size="small" /> : <PlusOutlined />}
            <div style={{ fontSize: 12 }}>上传</div>
          </Button>
        </Upload>
      ) : null}
      {canAdd && p.field.camera ? <CameraButton disabled={busy} onCaptured={add} /> : null}
    </Space>
  );
};

/** File upload: links to the stored files, value = path(s). */
export const FileInput = (p: InputProps) => {
  const { busy, paths, remove, beforeUpload } = useUploader(p, false);
  const canAdd = !p.disabled && (p.field.multiple || paths.length === 0);
  return (
    <Space orientation="vertical" id={p.id} style={{ width: '100%' }}>
      {paths.map((path) => (
        <Space key={path}>
          <PaperClipOutlined />
          <a href={toFileUrl(path)} target="_blank" rel="noreferrer">
            {fileNameOf(path)}
          </a>
          {p.disabled ? null : (
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              onClick={() => remove(path)}
              aria-label="删除"
            />
          )}
        </Space>
      ))}
      {canAdd ? (
        <Upload showUploadList={false} beforeUpload={beforeUpload} multiple={!!p.field.multiple}>
          <Button icon={<UploadOutlined />} loading={busy}>
            上传文件
          </Button>
        </Upload>
      ) : null}
    </Space>
  );
};
