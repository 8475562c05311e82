import { residentApi } from '@5a/contracts/endpoints/resident';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Block } from './Layout.tsx';
import { MAX_REPAIR_PICS } from './logic.ts';
import { errorText, rcall } from './publicApi.ts';
import { Pictures, type Pic } from './Pictures.tsx';

/** 报事报修: what is wrong and up to three pictures, a work order for the property */
export const Repair = ({ personId }: { personId: number }) => {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ problem: string }>();
  const [pics, setPics] = useState<Pic[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async ({ problem }: { problem: string }) => {
    setBusy(true);
    try {
      await rcall(residentApi.reportRepair, {
        person_id: personId,
        problem: problem.trim(),
        ...(pics.length ? { imgs: pics.map((p) => p.path) } : {}),
      });
      void message.success('提交成功，物业将尽快处理');
      form.resetFields();
      pics.forEach((p) => URL.revokeObjectURL(p.preview));
      setPics([]);
    } catch (e) {
      void message.error(errorText(e, '提交失败'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Block testId="repair-form">
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="problem"
          label="报修内容"
          rules={[{ required: true, whitespace: true, message: '请填写报修内容' }]}
        >
          <Input.TextArea
            rows={4}
            maxLength={500}
            showCount
            placeholder="请描述需要维修的问题"
            data-testid="repair-problem"
          />
        </Form.Item>
        <Form.Item label={`图片（最多${MAX_REPAIR_PICS}张）`}>
          <Pictures max={MAX_REPAIR_PICS} value={pics} onChange={setPics} testId="repair-pics" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="repair-submit">
          提交
        </Button>
      </Form>
    </Block>
  );
};
