import { App, Form, Input, Modal, Radio } from 'antd';
import { useEffect } from 'react';
import { baseOf, envPresets, useEnvStore, type EnvSetting } from '../../store/env.ts';
import { useAuthStore } from '../../store/auth.ts';
import { logout } from '../logout.ts';

type Props = { open: boolean; onClose: () => void };

/** Environment selection: API base address preset or custom; a change logs the user out. */
export const EnvDialog = ({ open, onClose }: Props) => {
  const { message } = App.useApp();
  const [form] = Form.useForm<EnvSetting>();
  const preset = Form.useWatch('preset', form);
  useEffect(() => {
    if (open) {
      const { preset: p, custom } = useEnvStore.getState();
      form.setFieldsValue({ preset: p, custom });
    }
  }, [open, form]);

  const onOk = async () => {
    const values = await form.validateFields();
    const setting: EnvSetting = { preset: values.preset, custom: values.custom ?? '' };
    const changed = useEnvStore.getState().setEnv(setting);
    onClose();
    if (changed && useAuthStore.getState().token) {
      await logout(false);
      return;
    }
    message.success(`已切换到 ${baseOf(setting)}`);
  };

  return (
    <Modal
      title="环境设置"
      open={open}
      onOk={() => void onOk()}
      onCancel={onClose}
      okText="保存"
      cancelText="取消"
      forceRender
    >
      <Form form={form} layout="vertical" data-testid="env-form">
        <Form.Item name="preset" label="接口地址">
          <Radio.Group data-testid="env-preset">
            {envPresets.map((p) => (
              <Radio key={p.value} value={p.value} data-testid={`env-preset-${p.value}`}>
                {p.label}
                {p.base ? <span style={{ color: '#999', marginLeft: 4 }}>{p.base}</span> : null}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        {preset === 'custom' ? (
          <Form.Item
            name="custom"
            label="自定义地址"
            rules={[
              { required: true, whitespace: true, message: '请输入接口地址' },
              { pattern: /^(https?:\/\/[^\s]+|\/[^\s]*)$/, message: '请输入以 http(s):// 或 / 开头的地址' },
            ]}
          >
            <Input placeholder="例如 https://example.com/xapi" data-testid="env-custom" />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
};
