import { useQueryClient } from '@tanstack/react-query';
import { residentApi, type ResidentVote } from '@5a/contracts/endpoints/resident';
import { App, Button, Form, Input, Radio, Space } from 'antd';
import { useState } from 'react';
import { errorText, rcall } from './publicApi.ts';

type EntrustValues = { proxy_name: string; proxy_phone: string };

const useRefresh = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['resident', 'votes'] });
};

/** 委托投票: a neighbour of his village, named by name and phone as registered, votes for him in this vote */
export const EntrustForm = ({ v, personId }: { v: ResidentVote; personId: number }) => {
  const { message } = App.useApp();
  const refresh = useRefresh();
  const [form] = Form.useForm<EntrustValues>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const send = async (values: EntrustValues) => {
    setBusy(true);
    try {
      await rcall(residentApi.entrust, { person_id: personId, id: v.id, ...values });
      void message.success('委托成功');
      setOpen(false);
      await refresh();
    } catch (e) {
      void message.error(errorText(e, '委托失败'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div style={{ marginTop: 8 }} data-testid="vote-entrust">
      {v.entrusted_to ? (
        <div style={{ color: '#888' }} data-testid="vote-entrusted">
          已委托 {v.entrusted_to} 代为投票
        </div>
      ) : null}
      {open ? (
        <Form form={form} layout="vertical" onFinish={(values) => void send(values)} style={{ marginTop: 8 }}>
          <Form.Item name="proxy_name" label="受托人姓名" rules={[{ required: true, message: '请填写受托人姓名' }]}>
            <Input maxLength={32} data-testid="entrust-name" />
          </Form.Item>
          <Form.Item
            name="proxy_phone"
            label="受托人手机号"
            rules={[
              { required: true, message: '请填写受托人手机号' },
              { pattern: /^1[3-9]\d{9}$/, message: '受托人手机号 格式错误' },
            ]}
          >
            <Input inputMode="numeric" maxLength={11} data-testid="entrust-phone" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="entrust-submit">
            确认委托
          </Button>
        </Form>
      ) : (
        <Button type="link" style={{ padding: 0 }} onClick={() => setOpen(true)} data-testid="entrust-open">
          {v.entrusted_to ? '更换受托人' : '委托他人投票'}
        </Button>
      )}
    </div>
  );
};

/** 代为投票: the owners who entrusted him, each with the choice their ballot holds now */
export const ProxyBallots = ({ v, personId }: { v: ResidentVote; personId: number }) => {
  const { message } = App.useApp();
  const refresh = useRefresh();
  const [choices, setChoices] = useState<Record<number, number | null>>(
    Object.fromEntries(v.proxy_for.map((o) => [o.person_id, o.option_id])),
  );
  const cast = async (owner: number) => {
    const option = choices[owner];
    if (option == null) return;
    try {
      await rcall(residentApi.castVote, { person_id: personId, id: v.id, option_id: option, for_person_id: owner });
      void message.success('已代为投票');
      await refresh();
    } catch (e) {
      void message.error(errorText(e, '投票失败'));
    }
  };
  if (!v.proxy_for.length) return null;
  return (
    <div style={{ marginTop: 12, borderTop: '1px dashed #ddd', paddingTop: 8 }} data-testid="vote-proxy-for">
      {v.proxy_for.map((o) => (
        <div key={o.person_id} style={{ marginBottom: 8 }}>
          <div>代 {o.name} 投票</div>
          <Radio.Group
            value={choices[o.person_id]}
            onChange={(e) => setChoices({ ...choices, [o.person_id]: Number(e.target.value) })}
          >
            <Space orientation="vertical">
              {v.options.map((opt) => (
                <Radio key={opt.id} value={opt.id}>
                  {opt.text}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
          <Button
            block
            style={{ marginTop: 8 }}
            disabled={choices[o.person_id] == null || choices[o.person_id] === o.option_id}
            onClick={() => void cast(o.person_id)}
            data-testid={`vote-proxy-cast-${o.person_id}`}
          >
            {o.option_id === null ? '代为投票' : '修改代投'}
          </Button>
        </div>
      ))}
    </div>
  );
};
