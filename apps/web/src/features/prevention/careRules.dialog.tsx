import { Form, InputNumber, Spin, Switch, Table } from 'antd';
import { useEffect, useState } from 'react';
import { preventionApi, type CareRule } from '@5a/contracts/endpoints/prevention';
import { call, callMsg } from '../../api/call.ts';
import { ActionDialog } from '../../engine/dialog/ActionDialog.tsx';
import { toolbarDialog } from '../../engine/registry/dialogs.tsx';

type Values = { rules: CareRule[] };

/**
 * 关爱规则: per resident tag, whether a resident carrying it who is not seen at any door of his village for the
 * hours given raises a care alert to the village's staff.
 */
export default toolbarDialog(preventionApi.careRules, ({ endpoint, onClose, onDone }) => {
  const [form] = Form.useForm<Values>();
  const [rules, setRules] = useState<CareRule[] | null>(null);
  useEffect(() => {
    let live = true;
    void call(preventionApi.careRulesOf, {}).then((r) => {
      if (!live) return;
      setRules(r);
      form.setFieldsValue({ rules: r });
    });
    return () => {
      live = false;
    };
  }, [form]);
  return (
    <ActionDialog
      title="关爱规则"
      form={form}
      width={560}
      send={(v) =>
        callMsg(endpoint, {
          rules: (v.rules ?? []).map((r, i) => ({ tag: rules![i]!.tag, enabled: !!r.enabled, hours: Number(r.hours) })),
        })
      }
      success="保存成功"
      onClose={onClose}
      onDone={onDone}
      okButtonProps={{ 'data-testid': 'care-submit' }}
    >
      {rules ? (
        <Form form={form} component={false}>
          <div data-testid="care-rules">
            <Table<CareRule>
              rowKey="tag"
              size="small"
              pagination={false}
              dataSource={rules}
              columns={[
                { title: '住户标签', dataIndex: 'label' },
                {
                  title: '开启',
                  render: (_v, _r, i) => (
                    <Form.Item name={['rules', i, 'enabled']} valuePropName="checked" noStyle>
                      <Switch size="small" />
                    </Form.Item>
                  ),
                },
                {
                  title: '未通行小时数',
                  render: (_v, _r, i) => (
                    <Form.Item
                      name={['rules', i, 'hours']}
                      rules={[{ required: true, message: '请输入未通行小时数' }]}
                      style={{ marginBottom: 0 }}
                    >
                      <InputNumber min={1} max={720} precision={0} addonAfter="小时" />
                    </Form.Item>
                  ),
                },
              ]}
            />
          </div>
        </Form>
      ) : (
        <Spin />
      )}
    </ActionDialog>
  );
});
