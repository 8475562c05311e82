import type { FieldConfig } from '@5a/contracts';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Form, Input, Radio, Spin } from 'antd';
import { send, sendMsg } from '../../api/http.ts';
import { useFieldOptions } from '../../engine/api/queries.ts';
import { ActionDialog } from '../../engine/dialog/ActionDialog.tsx';
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
  const [form] = Form.useForm<{ name: string; status: number }>();
  const person = useQuery({
    queryKey: ['estate', 'review', urls.get, id],
    queryFn: () => send<Reviewed>(urls.get, { id }),
    staleTime: 0,
  });
  const p = person.data;
  return (
    <ActionDialog
      title={title}
      okButtonProps={{ disabled: !p, 'data-testid': 'review-submit' }}
      form={form}
      send={async (values) => (p ? sendMsg(urls.save, { id: p.id, name: p.name, status: values.status }) : null)}
      success="审核成功"
      onClose={onClose}
      onDone={onDone}
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
    </ActionDialog>
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
  const [form] = Form.useForm<{ tags: string[] }>();
  const { options, loading } = useFieldOptions(field ?? { dict: 'person_tag' });
  return (
    <ActionDialog
      title={title}
      okButtonProps={{ 'data-testid': 'tags-submit' }}
      form={form}
      send={({ tags }) => sendMsg(withQuery(url, { tab_type: tabType }), { ids, row: { tags: tags ?? [] } })}
      success="保存成功!"
      onClose={onClose}
      onDone={onDone}
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
    </ActionDialog>
  );
};
