import { Form, InputNumber, Select } from 'antd';
import { useEffect } from 'react';
import { accessApi, type FaceThresholdBody } from '@5a/contracts/endpoints/access';
import { call, callMsg } from '../../api/call.ts';
import { useUrlOptions } from '../../engine/api/queries.ts';
import { ActionDialog } from '../../engine/dialog/ActionDialog.tsx';
import { toolbarDialog } from '../../engine/registry/dialogs.tsx';

/**
 * 识别阈值: the similarity a village's face terminals must reach. Choosing a village shows its current value; a
 * passage below it is recorded as a stranger and raises a face-comparison alert.
 */
export default toolbarDialog(accessApi.faceThreshold, ({ endpoint, onClose, onDone }) => {
  const [form] = Form.useForm<FaceThresholdBody>();
  const { data: villages = [] } = useUrlOptions('/Web/Basic/Village/options');
  const villageId = Form.useWatch('village_id', form);
  useEffect(() => {
    if (!villageId) return;
    let live = true;
    void call(accessApi.faceThresholdOf, { village_id: villageId }).then((r) => {
      if (live) form.setFieldValue('threshold', r.threshold);
    });
    return () => {
      live = false;
    };
  }, [villageId, form]);
  return (
    <ActionDialog
      title="识别阈值"
      form={form}
      okButtonProps={{ 'data-testid': 'threshold-submit' }}
      send={(values) => callMsg(endpoint, values)}
      success="保存成功"
      onClose={onClose}
      onDone={onDone}
    >
      <Form form={form} labelCol={{ flex: '100px' }} data-testid="threshold-form" autoComplete="off">
        <Form.Item label="小区" name="village_id" rules={[{ required: true, message: '请选择小区' }]}>
          <Select
            options={villages}
            placeholder="请选择小区"
            data-testid="threshold-village"
            showSearch
            optionFilterProp="label"
          />
        </Form.Item>
        <Form.Item
          label="识别阈值"
          name="threshold"
          rules={[{ required: true, message: '请输入识别阈值' }]}
          extra="人脸相似度低于该值的通行记为陌生人，并发出告警"
        >
          <InputNumber min={50} max={99} precision={0} addonAfter="%" data-testid="threshold-value" />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
});
