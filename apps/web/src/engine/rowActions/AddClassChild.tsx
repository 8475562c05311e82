import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { sendMsg } from '../../api/http.ts';
import { successText } from '../../api/envelope.ts';
import { useBusy } from '../../api/useBusy.ts';
import { FieldInput } from '../form/FieldInput.tsx';
import { RowActionLink } from '../list/RowActions.tsx';
import { classChildRow, classChildTitle } from '../logic/classChild.ts';
import type { RowActionProps } from '../registry/rowActions.ts';

type Values = { name: string; icon?: unknown };

/** 添加子类: a category under the row, by name and icon, posted to childAdd {pid, row}. */
const ClassChildDialog = ({ action, row, ctx, onClose }: RowActionProps & { onClose: () => void }) => {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const { busy, run } = useBusy();
  const icon = ctx.config.fields.find((f) => f.prop === 'icon' && f.inAdd);
  const submit = (values: Values) =>
    run(async () => {
      const { msg } = await sendMsg(ctx.config.urls.childAdd!, {
        pid: row[ctx.config.rowKey],
        row: classChildRow(ctx.config.fields, values),
      });
      void message.success(successText(msg, '保存成功!'));
      onClose();
      ctx.reload();
    });
  return (
    <Modal
      open
      title={classChildTitle(action.title, row.name)}
      okText="确定"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'class-child-submit' }}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void submit(v)} data-testid="class-child-form">
        <Form.Item name="name" label="名称" rules={[{ required: true, whitespace: true, message: '请输入名称' }]}>
          <Input maxLength={30} data-testid="class-child-name" />
        </Form.Item>
        {icon ? (
          <Form.Item name="icon" label={icon.label}>
            <FieldInput field={icon} mode="add" />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
};

export const AddClassChildRowAction = (p: RowActionProps) => {
  const [open, setOpen] = useState(false);
  if (!p.ctx.config.urls.childAdd) return null;
  return (
    <>
      <RowActionLink action={p.action} onClick={() => setOpen(true)} />
      {open ? <ClassChildDialog {...p} onClose={() => setOpen(false)} /> : null}
    </>
  );
};
