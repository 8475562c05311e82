import { Checkbox, DatePicker, Form, Radio, Spin } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { ControlMsg, HEALTH_CODES, preventionApi, type TagOption } from '@5a/contracts/endpoints/prevention';
import { call, callMsg } from '../../api/call.ts';
import { ActionDialog } from '../../engine/dialog/ActionDialog.tsx';
import { RowActionLink } from '../../engine/list/RowActions.tsx';
import type { RowActionProps } from '../../engine/registry/rowActions.ts';
import { controlBody, passAfterCode, passOptions, visibleParts, type ControlForm } from './logic.ts';

const DAY = 'YYYY-MM-DD';

/**
 * 防控: a resident's tags and, with the prevention tag, his health code, pass status and isolation dates. The form
 * keeps the prevention rules as the server does: the code moves the pass status, 正常通行 is disabled for yellow
 * and red, the dates show (and are required) only above green.
 */
const ControlFormDialog = ({ id, onClose, onDone }: { id: number; onClose: () => void; onDone: () => void }) => {
  const [form] = Form.useForm<ControlForm>();
  const [tags, setTags] = useState<TagOption[] | null>(null);
  const [name, setName] = useState('');
  useEffect(() => {
    let live = true;
    void Promise.all([call(preventionApi.dict, {}), call(preventionApi.detail, { id })]).then(([dict, d]) => {
      if (!live) return;
      setTags(dict.tags);
      setName(d.name);
      form.setFieldsValue({
        tags: d.tags.split(',').filter(Boolean),
        health_code: d.health_code,
        pass_status: d.pass_status,
        start_time: d.start_time ? dayjs(d.start_time) : null,
        end_time: d.end_time ? dayjs(d.end_time) : null,
      });
    });
    return () => {
      live = false;
    };
  }, [id, form]);
  const chosen = Form.useWatch('tags', form) ?? [];
  const code = Form.useWatch('health_code', form);
  const parts = visibleParts({ tags: chosen, health_code: code });
  return (
    <ActionDialog
      title={name ? `防控 - ${name}` : '防控'}
      form={form}
      send={(v) => callMsg(preventionApi.edit, controlBody(id, v))}
      success="保存成功"
      onClose={onClose}
      onDone={onDone}
      okButtonProps={{ 'data-testid': 'control-submit' }}
    >
      {tags ? (
        <Form
          form={form}
          // its own ids: a kept-alive list behind the dialog has search inputs named like these fields
          name="control"
          labelCol={{ flex: '100px' }}
          data-testid="control-form"
          autoComplete="off"
          onValuesChange={(changed: Partial<ControlForm>) => {
            if (changed.health_code !== undefined)
              form.setFieldValue('pass_status', passAfterCode(changed.health_code, form.getFieldValue('pass_status')));
          }}
        >
          <Form.Item label="住户标签" name="tags">
            <Checkbox.Group options={tags} data-testid="control-tags" />
          </Form.Item>
          {parts.control ? (
            <>
              <Form.Item label="健康码" name="health_code" rules={[{ required: true, message: ControlMsg.healthCode }]}>
                <Radio.Group options={[...HEALTH_CODES]} data-testid="control-health" />
              </Form.Item>
              <Form.Item
                label="通行状态"
                name="pass_status"
                rules={[{ required: true, message: ControlMsg.passStatus }]}
              >
                <Radio.Group options={passOptions(code)} data-testid="control-pass" />
              </Form.Item>
            </>
          ) : null}
          {parts.dates ? (
            <>
              <Form.Item label="隔离开始" name="start_time" rules={[{ required: true, message: ControlMsg.start }]}>
                <DatePicker format={DAY} data-testid="control-start" />
              </Form.Item>
              <Form.Item
                label="隔离结束"
                name="end_time"
                dependencies={['start_time']}
                rules={[
                  { required: true, message: ControlMsg.end },
                  ({ getFieldValue }) => ({
                    validator: (_r, v: dayjs.Dayjs | null) => {
                      const start = getFieldValue('start_time') as dayjs.Dayjs | null;
                      return v && start && v.isBefore(start, 'day')
                        ? Promise.reject(new Error(ControlMsg.endBeforeStart))
                        : Promise.resolve();
                    },
                  }),
                ]}
              >
                <DatePicker format={DAY} data-testid="control-end" />
              </Form.Item>
            </>
          ) : null}
        </Form>
      ) : (
        <Spin />
      )}
    </ActionDialog>
  );
};

/** 防控 (row) */
export const ControlRowAction = ({ action, row, ctx }: RowActionProps) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <RowActionLink action={action} onClick={() => setOpen(true)} />
      {open ? <ControlFormDialog id={Number(row.id)} onClose={() => setOpen(false)} onDone={ctx.reload} /> : null}
    </>
  );
};
