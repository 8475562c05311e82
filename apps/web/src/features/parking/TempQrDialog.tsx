import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Form, Input, Modal, Select, Space } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { parkingApi, type TempQrReply } from '@5a/contracts/endpoints/parking';
import { call } from '../../api/call.ts';
import { downloadPng, drawCaptionedQr } from '../../lib/qrImage.ts';
type Values = { qr_type: 1 | 2; entry_no: string; show_name: boolean; show_type: boolean };

const QR_TYPES = [
  { label: '出口缴费码', value: 1 },
  { label: '场内缴费码', value: 2 },
];
/**
 * The QR code a driver scans to pay the temporary fee on his phone: type, the entry number printed below it and
 * what the caption names; the server answers the signed page address, caption and file name.
 */
export const TempQrDialog = ({ lotId, lotName, onClose }: { lotId: number; lotName: string; onClose: () => void }) => {
  const [form] = Form.useForm<Values>();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [qr, setQr] = useState<TempQrReply | null>(null);
  // a refused code was toasted by the api client; the form stays for another try
  const { mutate, isPending } = useMutation({
    mutationFn: (v: Values) => call(parkingApi.tempQr, { id: lotId, ...v }),
    onSuccess: (reply: TempQrReply) => setQr(reply),
  });
  const make = useCallback(() => mutate(form.getFieldsValue()), [mutate, form]);
  useEffect(() => {
    if (qr && canvas.current) void drawCaptionedQr(canvas.current, qr.baseurl, qr.desc);
  }, [qr]);
  // the first code with the defaults at once: most lots print just that
  useEffect(() => {
    make();
  }, [make]);
  return (
    <Modal open title={`临时停车费二维码 - ${lotName}`} footer={null} onCancel={onClose} width={460}>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ qr_type: 1, entry_no: '', show_name: true, show_type: true }}
        onValuesChange={() => setQr(null)}
      >
        <Form.Item name="qr_type" label="二维码类型">
          <Select options={QR_TYPES} data-testid="temp-qr-type" />
        </Form.Item>
        <Form.Item name="entry_no" label="出入口编号">
          <Input maxLength={20} placeholder="如 1（印在二维码下方）" data-testid="temp-qr-entry" />
        </Form.Item>
        <Space>
          <Form.Item name="show_name" valuePropName="checked" noStyle>
            <Checkbox>包含停车场名称</Checkbox>
          </Form.Item>
          <Form.Item name="show_type" valuePropName="checked" noStyle>
            <Checkbox>包含二维码类型</Checkbox>
          </Form.Item>
        </Space>
      </Form>
      <div style={{ textAlign: 'center', margin: '16px 0' }}>
        {qr ? (
          <canvas
            ref={canvas}
            data-testid="temp-qr-canvas"
            data-qr-text={qr.baseurl}
            style={{ width: 240, border: '1px solid #eee' }}
          />
        ) : (
          <Alert type="info" showIcon message="修改后请点击“生成二维码”" />
        )}
      </div>
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button onClick={make} loading={isPending} data-testid="temp-qr-make">
          生成二维码
        </Button>
        <Button
          type="primary"
          disabled={!qr}
          onClick={() => canvas.current && qr && downloadPng(canvas.current, qr.filename)}
          data-testid="temp-qr-download"
        >
          下载
        </Button>
      </Space>
    </Modal>
  );
};
