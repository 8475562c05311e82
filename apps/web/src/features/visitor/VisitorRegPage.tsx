import { LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { isMobile } from '@5a/contracts';
import { VISITOR_TYPES, visitorApi, VisitorMsg, type VisitorQuery } from '@5a/contracts/endpoints/visitor';
import { Alert, App, Button, Form, Input, Radio, Spin } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../../api/http.ts';
import { CameraButton } from '../../engine/inputs/CameraButton.tsx';
import { useSearchParams } from '../../lib/router.tsx';
import { BLOCKED_TEXT, blockedBy, pub, queryFrom, uploadAvatar, type Blocked } from './publicApi.ts';

type Values = { name: string; phone: string; fklxidx: number; avatar: string };

/** a full-screen notice over the page: the blocked states, and the busy ones (正在上传, 正在提交) */
const Overlay = ({ text, busy }: { text: string; busy?: boolean }) => (
  <div
    data-testid="visitor-overlay"
    style={{
      position: 'fixed',
      inset: 0,
      zIndex: 1000,
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      justifyContent: 'center',
      gap: 12,
      background: busy ? 'rgba(255,255,255,0.75)' : '#f5f5f5',
      fontSize: 18,
      padding: 24,
      textAlign: 'center',
    }}
  >
    {busy ? <Spin indicator={<LoadingOutlined style={{ fontSize: 32 }} spin />} /> : null}
    <span>{text}</span>
  </div>
);

const Page = ({ title, children }: { title: string; children: ReactNode }) => (
  <div style={{ maxWidth: 480, margin: '0 auto', padding: 16, minHeight: '100vh', background: '#fff' }}>
    <h2 style={{ textAlign: 'center', margin: '8px 0 16px', fontSize: 20 }} data-testid="visitor-title">
      {title}
    </h2>
    {children}
  </div>
);

const RegForm = ({ query, village }: { query: VisitorQuery; village: string }) => {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState<'' | 'upload' | 'submit'>('');
  const [preview, setPreview] = useState('');
  const [error, setError] = useState('');
  const file = useRef<HTMLInputElement>(null);

  const took = (path: string, still: Blob) => {
    form.setFieldValue('avatar', path);
    void form.validateFields(['avatar']).catch(() => undefined);
    setPreview((old) => {
      if (old) URL.revokeObjectURL(old);
      return URL.createObjectURL(still);
    });
  };
  // the camera's still goes through the same public upload, with the overlay
  const upload = async (blob: Blob, name: string) => {
    setBusy('upload');
    try {
      return await uploadAvatar(query, blob, name);
    } finally {
      setBusy('');
    }
  };
  const picked = async (f: File | undefined) => {
    if (!f) return;
    const out = await upload(f, f.name);
    if (out.ok) took(out.path, f);
    else void message.error(out.error);
  };
  const submit = async (v: Values) => {
    const type = VISITOR_TYPES.find((t) => t.value === v.fklxidx);
    setBusy('submit');
    setError('');
    try {
      await pub(visitorApi.reg, {
        values: { name: v.name, phone: v.phone, fklx: type?.label, fklxidx: v.fklxidx, avatar: v.avatar },
        query,
      });
      void message.success(VisitorMsg.ok);
      form.resetFields();
      setPreview('');
      if (file.current) file.current.value = '';
    } catch (e) {
      void message.error(VisitorMsg.failed);
      setError(e instanceof ApiError && e.message ? e.message : VisitorMsg.failed);
    } finally {
      setBusy('');
    }
  };

  return (
    <Page title={`${village} 访客登记`}>
      {busy ? <Overlay busy text={busy === 'upload' ? VisitorMsg.uploading : VisitorMsg.submitting} /> : null}
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark data-testid="visitor-form">
        <Form.Item name="name" label="姓名" rules={[{ required: true, whitespace: true, message: VisitorMsg.name }]}>
          <Input maxLength={50} placeholder="请输入姓名" size="large" data-testid="visitor-name" />
        </Form.Item>
        <Form.Item
          name="phone"
          label="手机号"
          rules={[
            { required: true, message: VisitorMsg.phone },
            {
              validator: (_r, v: string | undefined) =>
                !v || isMobile(v) ? Promise.resolve() : Promise.reject(new Error(VisitorMsg.phoneFormat)),
            },
          ]}
        >
          <Input maxLength={11} inputMode="tel" placeholder="请输入手机号" size="large" data-testid="visitor-phone" />
        </Form.Item>
        <Form.Item name="fklxidx" label="访客类型" rules={[{ required: true, message: VisitorMsg.type }]}>
          <Radio.Group
            data-testid="visitor-type"
            style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', rowGap: 8 }}
          >
            {VISITOR_TYPES.map((t) => (
              <Radio key={t.value} value={t.value}>
                {t.label}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item name="avatar" label="头像" rules={[{ required: true, message: VisitorMsg.avatar }]}>
          <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
            {preview ? (
              <img
                src={preview}
                alt="头像"
                style={{ width: 100, height: 80, objectFit: 'cover', borderRadius: 4 }}
                data-testid="visitor-avatar-preview"
              />
            ) : null}
            <CameraButton disabled={!!busy} onCaptured={took} upload={upload} />
            <Button
              style={{ width: 80, height: 80 }}
              disabled={!!busy}
              onClick={() => file.current?.click()}
              data-testid="visitor-avatar-upload"
            >
              <UploadOutlined />
              <div style={{ fontSize: 12 }}>上传</div>
            </Button>
            <input
              ref={file}
              type="file"
              accept="image/*"
              hidden
              data-testid="visitor-avatar-file"
              onChange={(e) => void picked(e.target.files?.[0])}
            />
          </div>
        </Form.Item>
        {error ? (
          <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} data-testid="visitor-error" />
        ) : null}
        <Button type="primary" htmlType="submit" block size="large" disabled={!!busy} data-testid="visitor-submit">
          提交
        </Button>
      </Form>
    </Page>
  );
};

/**
 * /visitor_reg?type=&id= (public, phone): a village's visitor QR code leads here. The visitor gives name, phone,
 * type and a photo (camera or upload) and waits for the property's approval; an expired or revoked code, a wrong
 * address and a village that closed registration each show their notice instead.
 */
export const VisitorRegPage = () => {
  const [params] = useSearchParams();
  const query = queryFrom(params);
  const village = useQuery({
    queryKey: ['visitor', 'acModel', query?.type, query?.id],
    queryFn: () => pub(visitorApi.acModel, { query: query! }),
    enabled: query !== null,
    retry: false,
  });
  let blocked: Blocked | null = null;
  if (!query) blocked = 'badParams';
  else if (village.error) blocked = blockedBy(village.error);
  else if (village.data && (village.data.closed === 1 || village.data.f_visitor_registration !== 1)) blocked = 'closed';
  if (blocked) return <Overlay text={BLOCKED_TEXT[blocked]} />;
  if (!village.data) return <Overlay busy text="加载中" />;
  return <RegForm query={query!} village={village.data.name} />;
};
