import { Form, Input } from 'antd';
import { sendMsg } from '../../api/http.ts';
import { ActionDialog } from '../dialog/ActionDialog.tsx';
import { FieldInput } from '../form/FieldInput.tsx';
import { classChildRow, classChildTitle } from '../logic/classChild.ts';
import type { RowActionProps } from '../registry/rowActions.ts';

type Values = { name: string; icon?: unknown };

/** 添加子类: a category under the row, by name and icon, posted to childAdd {pid, row}. */
export const ClassChildDialog = ({ action, row, ctx, onClose }: RowActionProps & { onClose: () => void }) => {
  const [form] = Form.useForm<Values>();
  const icon = ctx.config.fields.find((f) => f.prop === 'icon' && f.inAdd);
  return (
    <ActionDialog
      title={classChildTitle(action.title, row.name)}
      okButtonProps={{ 'data-testid': 'class-child-submit' }}
      form={form}
      send={(values) =>
        sendMsg(ctx.config.urls.childAdd!, {
          pid: row[ctx.config.rowKey],
          row: classChildRow(ctx.config.fields, values),
        })
      }
      success="保存成功!"
      onClose={onClose}
      onDone={ctx.reload}
    >
      {(submit) => (
        // Enter in the name submits too
        <Form<Values> form={form} layout="vertical" onFinish={submit} data-testid="class-child-form">
          <Form.Item name="name" label="名称" rules={[{ required: true, whitespace: true, message: '请输入名称' }]}>
            <Input maxLength={30} data-testid="class-child-name" />
          </Form.Item>
          {icon ? (
            <Form.Item name="icon" label={icon.label}>
              <FieldInput field={icon} mode="add" />
            </Form.Item>
          ) : null}
        </Form>
      )}
    </ActionDialog>
  );
};
