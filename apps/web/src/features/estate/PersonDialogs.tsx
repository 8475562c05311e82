import type { FieldConfig } from '@5a/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Checkbox, Form, Input, Modal, Radio, Spin } from 'antd';
import { send, sendMsg } from '../../api/http.ts';
import { successText } from '../../api/envelope.ts';
import { useBusy } from '../../api/useBusy.ts';
import { useFieldOptions } from '../../engine/api/queries.ts';
import { withQuery } from '../../engine/logic/search.ts';
import { initialReview, REVIEW_CHOICES } from './personLogic.ts';

type Reviewed = { id: number; name: string; status: number };
type ReviewProps = {
  id: number;
  urls: { get: string; save: string };
  title: string;
  onClose: () => void;
  onDone: () => void;
};

/** 审核: reads {id} from the review url, then saves {id, name, status} (已通过 / 已驳回, first choice 已通过). */
export const ReviewDialog = ({ id, urls, title, onClose, onDone }: ReviewProps) => {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string; status: number }>();
  const { busy, run } = useBusy();
  const person = useQuery({
    queryKey: ['estate', 'review', urls.get, id],
    queryFn: () => send<Reviewed>(urls.get, { id }),
    staleTime: 0,
  });
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !person.data) return;
    await run(async () => {
      const { msg } = await sendMsg(urls.save, { id: person.data.id, name: person.data.name, status: values.status });
      void message.success(successText(msg, '审核成功'));
      onDone();
      onClose();
    });
  };
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      okText="确定"
      cancelText="取消"
      destroyOnHidden
      okButtonProps={{ disabled: !person.data, 'data-testid': 'review-submit' }}
    >
      <div data-testid="review-dialog">
        {person.data ? (
          <Form
            form={form}
            labelCol={{ flex: '100px' }}
            initialValues={{ name: person.data.name, status: initialReview(person.data.status) }}
          >
            <Form.Item label="姓名" name="name">
              <Input disabled />
            </Form.Item>
            <Form.Item label="审核结果" name="status" rules={[{ required: true, message: '请选择审核结果' }]}>
              <Radio.Group data-testid="review-status">
                {REVIEW_CHOICES.map((c) => (
                  <Radio key={c.value} value={c.value}>
                    {c.label}
                  </Radio>
                ))}
              </Radio.Group>
            </Form.Item>
          </Form>
        ) : (
          <Spin spinning={person.isLoading} />
        )}
      </div>
    </Modal>
  );
};

type TagsProps = {
  ids: (string | number)[];
  initial: string[];
  /** the screen's tags field: its label and choices (the person_tag dictionary) */
  field?: FieldConfig;
  url: string;
  tabType?: string;
  title: string;
  onClose: () => void;
  onDone: () => void;
};

/** 住户标签: the chosen tags replace the tags of every selected resident ({ids, row: {tags}}). */
export const OwnerTagsDialog = ({ ids, initial, field, url, tabType, title, onClose, onDone }: TagsProps) => {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ tags: string[] }>();
  const { busy, run } = useBusy();
  const { options, loading } = useFieldOptions(field ?? { dict: 'person_tag' });
  const submit = async () => {
    const { tags } = form.getFieldsValue();
    await run(async () => {
      const { msg } = await sendMsg(withQuery(url, { tab_type: tabType }), { ids, row: { tags: tags ?? [] } });
      void message.success(successText(msg, '保存成功!'));
      onDone();
      onClose();
    });
  };
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      okText="确定"
      cancelText="取消"
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'tags-submit' }}
    >
      <div data-testid="tags-dialog">
        <Form form={form} labelCol={{ flex: '100px' }} initialValues={{ tags: initial }}>
          <Form.Item label="已选择">{ids.length} 位住户</Form.Item>
          <Form.Item label={field?.label ?? '住户标签'} name="tags">
            <Checkbox.Group
              data-testid="tags-choices"
              disabled={loading}
              options={options.map((o) => ({ label: o.label, value: String(o.value) }))}
            />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
};
