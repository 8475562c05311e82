import { useMutation, useQuery } from '@tanstack/react-query';
import type { CredentialsApi, PersonQrReply } from '@5a/contracts/endpoints/access-faces';
import type { FieldConfig } from '@5a/contracts';
import { Button, Descriptions, Form, Image, Input, Modal, Popconfirm, QRCode, Space } from 'antd';
import { useState } from 'react';
import { call, callMsg } from '../../api/call.ts';
import { toFileUrl } from '../../engine/cells/fileUrl.ts';
import { ImageInput } from '../../engine/inputs/UploadInput.tsx';
import { toolbarDialog } from '../../engine/registry/dialogs.tsx';
import { withFeedback } from '../../lib/feedback.ts';

type Values = { face_img: string; purpose: string; consented_by: string };
const FACE_FIELD: FieldConfig = {
  prop: 'face_img',
  label: '人脸照片',
  type: 'image',
  jpgOnly: true,
  maxSize: 2097152,
  camera: true,
  rules: [],
  inTable: false,
  inSearch: false,
  inAdd: true,
  inEdit: true,
  inBatch: false,
  inDetail: false,
  inExport: false,
  inImport: false,
};
const toast = (msg: string) => withFeedback(({ message }) => void message.success(msg));

/** a staff member's door card: typed here and saved alone ('' takes it back) */
const CardEditor = ({
  api,
  id,
  card,
  onSaved,
}: {
  api: CredentialsApi;
  id: number;
  card: string;
  onSaved: () => void;
}) => {
  const [value, setValue] = useState(card);
  const save = useMutation({
    mutationFn: () => callMsg(api.card!, { person_id: id, card_no: value.trim() }),
    onSuccess: ({ msg }) => (toast(msg), onSaved()),
  });
  return (
    <Space.Compact>
      <Input
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder="未发卡"
        maxLength={50}
        style={{ width: 180 }}
        data-testid="card-input"
      />
      <Button onClick={() => save.mutate()} loading={save.isPending} data-testid="card-save">
        保存卡号
      </Button>
    </Space.Compact>
  );
};

/**
 * 人脸与门禁凭证 of the selected resident or staff member: his card, his dynamic QR code, and his face with the
 * consent it rests on — recorded here (photo, purpose, who consented; the staff is the user) or withdrawn, which
 * deletes the face. Without 查看敏感信息 the photo is withheld by the server. A worker's card is set here too.
 */
export const credentialsDialog = (api: CredentialsApi, label: string) =>
  toolbarDialog(api.person, ({ endpoint, ctx, onClose }) => {
    const id = Number(ctx.selectedRows[0]?.id);
    const [form] = Form.useForm<Values>();
    const [qr, setQr] = useState<PersonQrReply | null>(null);
    const q = useQuery({ queryKey: ['access', label, id], queryFn: () => call(endpoint, { id }), staleTime: 0 });
    const save = useMutation({
      mutationFn: (v: Values) => callMsg(api.saveConsent, { person_id: id, ...v }),
      onSuccess: async ({ msg }) => (toast(msg), form.resetFields(), await q.refetch()),
    });
    const withdraw = useMutation({
      mutationFn: () => callMsg(api.withdrawConsent, { person_id: id }),
      onSuccess: async ({ msg }) => (toast(msg), await q.refetch()),
    });
    const bar = useMutation({
      mutationFn: (barred: boolean) => callMsg(api.bar, { person_id: id, barred }),
      onSuccess: async ({ msg }) => (toast(msg), await q.refetch()),
    });
    const issue = useMutation({
      mutationFn: (again: boolean) => callMsg(again ? api.reissueQr : api.qr, { person_id: id }),
      onSuccess: ({ data, msg }) => (setQr(data), msg && toast(msg)),
    });
    const d = q.data;
    const c = d?.consent;
    return (
      <Modal open title="人脸与门禁凭证" width={720} footer={null} onCancel={onClose} destroyOnHidden>
        {d ? (
          <Space orientation="vertical" style={{ width: '100%' }} data-testid="person-access">
            <Descriptions size="small" column={2} bordered>
              <Descriptions.Item label={label}>{d.name}</Descriptions.Item>
              <Descriptions.Item label="门禁卡号">
                {api.card ? (
                  <CardEditor key={d.card_no} api={api} id={id} card={d.card_no} onSaved={() => void q.refetch()} />
                ) : (
                  d.card_no || '未发卡'
                )}
              </Descriptions.Item>
              <Descriptions.Item label="通行" span={2}>
                <Space>
                  <span data-testid="person-barred">{d.barred ? '禁止通行' : '正常'}</span>
                  <Popconfirm
                    title={d.barred ? '恢复后按规则重新进入门禁名单' : '禁止后立即从所有门禁名单中移除'}
                    onConfirm={() => bar.mutate(!d.barred)}
                  >
                    <Button size="small" danger={!d.barred} loading={bar.isPending}>
                      {d.barred ? '恢复通行' : '禁止通行'}
                    </Button>
                  </Popconfirm>
                </Space>
              </Descriptions.Item>
            </Descriptions>
            <Space align="start">
              {qr ? <QRCode value={qr.qr} size={128} /> : null}
              <Space orientation="vertical">
                <Space>
                  <Button onClick={() => issue.mutate(false)} loading={issue.isPending} data-testid="qr-show">
                    动态二维码
                  </Button>
                  <Popconfirm title="重新签发后，此前的二维码全部失效" onConfirm={() => issue.mutate(true)}>
                    <Button danger>重新签发</Button>
                  </Popconfirm>
                </Space>
                {qr ? <span>有效至 {qr.expires_at}</span> : null}
              </Space>
            </Space>
            {c ? (
              <Descriptions size="small" column={2} bordered title="人脸授权" data-testid="face-consent">
                <Descriptions.Item label="人脸照片" span={2}>
                  {c.face_masked ? '无查看敏感信息权限，照片已隐藏' : <Image src={toFileUrl(c.face_img)} width={96} />}
                </Descriptions.Item>
                <Descriptions.Item label="采集用途">{c.purpose}</Descriptions.Item>
                <Descriptions.Item label="授权人">{c.consented_by}</Descriptions.Item>
                <Descriptions.Item label="授权时间">{c.consented_at}</Descriptions.Item>
                <Descriptions.Item label="登记人">{c.recorded_by}</Descriptions.Item>
              </Descriptions>
            ) : null}
            {c ? (
              <Popconfirm
                title="撤回后人脸照片立即删除，并从所有人脸设备名单中移除"
                onConfirm={() => withdraw.mutate()}
              >
                <Button danger loading={withdraw.isPending} data-testid="face-withdraw">
                  撤回授权
                </Button>
              </Popconfirm>
            ) : (
              <Form
                form={form}
                layout="vertical"
                onFinish={(v) => !save.isPending && save.mutate(v)}
                initialValues={{ purpose: '小区门禁人脸识别通行', consented_by: d.name }}
              >
                <Form.Item name="face_img" label="人脸照片" rules={[{ required: true, message: '请上传人脸照片' }]}>
                  <ImageInput field={FACE_FIELD} mode="add" />
                </Form.Item>
                <Form.Item
                  name="purpose"
                  label="采集用途"
                  rules={[{ required: true, whitespace: true, message: '请输入采集用途' }]}
                >
                  <Input maxLength={100} />
                </Form.Item>
                <Form.Item
                  name="consented_by"
                  label="授权人"
                  rules={[{ required: true, whitespace: true, message: '请输入授权人' }]}
                >
                  <Input maxLength={32} placeholder="本人或监护人姓名" />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="face-consent-save">
                  登记授权并保存人脸
                </Button>
              </Form>
            )}
          </Space>
        ) : (
          <div style={{ minHeight: 120 }} />
        )}
      </Modal>
    );
  });
