import { useMutation, useQuery } from '@tanstack/react-query';
import { visitorApi } from '@5a/contracts/endpoints/visitor';
import { Alert, Button, Input, Modal, Popconfirm, Select, Space, Switch, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { call, callMsg } from '../../api/call.ts';
import { useUrlOptions } from '../../engine/api/queries.ts';
import type { ToolbarDialogProps } from '../../engine/registry/dialogs.tsx';
import { withFeedback } from '../../lib/feedback.ts';
import { absoluteUrl } from './logic.ts';
import { downloadPng, drawCaptionedQr } from '../../lib/qrImage.ts';

const toast = (msg: string) => withFeedback(({ message }) => void message.success(msg));

/**
 * 访客二维码: a village's registration code (a real QR code, downloadable as a PNG), the link itself, 撤销 (the
 * printed codes stop at once; the next showing makes a new one) and the village's 访客登记 switch.
 */
export const QrDialog = ({ endpoint, onClose }: ToolbarDialogProps<typeof visitorApi.qrcode>) => {
  const { data: villages = [] } = useUrlOptions('/Web/Basic/Village/options');
  const [villageId, setVillageId] = useState<number | null>(null);
  const chosen = villageId ?? (villages[0] ? Number(villages[0].value) : null);
  const qr = useQuery({
    queryKey: ['visitor', 'qrcode', chosen],
    queryFn: () => call(endpoint, { village_id: chosen! }),
    enabled: chosen !== null,
    staleTime: 0,
  });
  const canvas = useRef<HTMLCanvasElement>(null);
  const link = qr.data ? absoluteUrl(qr.data.url, window.location.origin) : '';
  useEffect(() => {
    if (qr.data && canvas.current) void drawCaptionedQr(canvas.current, link, `${qr.data.village_name} 访客登记`);
  }, [qr.data, link]);
  const revoke = useMutation({
    mutationFn: () => callMsg(visitorApi.revoke, { village_id: chosen! }),
    onSuccess: async ({ msg }) => {
      toast(msg);
      await qr.refetch();
    },
  });
  const setting = useMutation({
    mutationFn: (on: boolean) =>
      callMsg(visitorApi.setting, { village_id: chosen!, f_visitor_registration: on ? 1 : 2 }),
    onSuccess: async ({ msg }) => {
      toast(msg);
      await qr.refetch();
    },
  });
  const on = qr.data?.f_visitor_registration === 1;

  return (
    <Modal open title="访客二维码" width={480} footer={null} onCancel={onClose} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Select
          value={chosen ?? undefined}
          onChange={(v: number) => setVillageId(v)}
          options={villages.map((o) => ({ label: o.label, value: Number(o.value) }))}
          placeholder="所属小区"
          style={{ width: '100%' }}
          data-testid="visitor-qr-village"
        />
        {qr.data ? (
          <>
            <Space>
              <span>访客登记</span>
              <Switch
                checked={on}
                loading={setting.isPending}
                checkedChildren="开启"
                unCheckedChildren="关闭"
                onChange={(v) => setting.mutate(v)}
                data-testid="visitor-qr-switch"
              />
            </Space>
            {!on ? <Alert type="warning" showIcon message="该小区已关闭访客登记功能" /> : null}
            <div style={{ textAlign: 'center' }}>
              <canvas
                ref={canvas}
                data-testid="visitor-qr-canvas"
                data-qr-text={link}
                style={{ width: 240, border: '1px solid #eee' }}
              />
            </div>
            <Typography.Text type="secondary">有效期至 {qr.data.expire_time}</Typography.Text>
            <Input.Search
              readOnly
              value={link}
              enterButton="复制"
              data-testid="visitor-qr-link"
              onSearch={() => void navigator.clipboard?.writeText(link).catch(() => undefined)}
            />
            <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
              <Popconfirm
                title="撤销后已打印的二维码立即失效，确定撤销？"
                onConfirm={() => revoke.mutate()}
                okButtonProps={{ 'data-testid': 'visitor-qr-revoke-ok' } as Record<string, string>}
              >
                <Button danger loading={revoke.isPending} data-testid="visitor-qr-revoke">
                  撤销
                </Button>
              </Popconfirm>
              <Button
                type="primary"
                onClick={() => canvas.current && downloadPng(canvas.current, qr.data.filename)}
                data-testid="visitor-qr-download"
              >
                下载
              </Button>
            </Space>
          </>
        ) : null}
      </Space>
    </Modal>
  );
};
