import { useQuery, useQueryClient } from '@tanstack/react-query';
import { residentApi, type ResidentQuestion } from '@5a/contracts/endpoints/resident';
import { Alert, App, Button, Checkbox, Empty, Form, Input, Radio, Space, Tag } from 'antd';
import { useState } from 'react';
import { Block, Busy } from './Layout.tsx';
import { buildAnswers, dateOf, QA_MAX, questionOfField, type AnswerValue } from './logic.ts';
import { errorText, fieldError, rcall } from './publicApi.ts';

const TYPE_TEXT: Record<ResidentQuestion['type'], string> = { 1: '单选', 2: '多选', 3: '问答' };

/** the input of one question; Form.Item hands it the value and onChange, passed on to the control */
const QuestionInput = ({
  q,
  value,
  onChange,
}: {
  q: ResidentQuestion;
  value?: AnswerValue;
  onChange?: (v: AnswerValue) => void;
}) =>
  q.type === 3 ? (
    <Input.TextArea
      rows={3}
      maxLength={QA_MAX}
      showCount
      placeholder="请输入"
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange?.(e.target.value)}
    />
  ) : q.type === 2 ? (
    <Checkbox.Group value={Array.isArray(value) ? value : []} onChange={(v) => onChange?.(v.map(Number))}>
      <Space orientation="vertical">
        {q.options.map((o) => (
          <Checkbox key={o.id} value={o.id}>
            {o.text}
          </Checkbox>
        ))}
      </Space>
    </Checkbox.Group>
  ) : (
    <Radio.Group
      value={typeof value === 'number' ? value : undefined}
      onChange={(e) => onChange?.(Number(e.target.value))}
    >
      <Space orientation="vertical">
        {q.options.map((o) => (
          <Radio key={o.id} value={o.id}>
            {o.text}
          </Radio>
        ))}
      </Space>
    </Radio.Group>
  );

/** one questionnaire to fill in; once he has answered it, it is shown as 已填写 */
export const QuestionnaireForm = ({ personId, id, onBack }: { personId: number; id: number; onBack?: () => void }) => {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Record<number, AnswerValue>>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState('');
  const detail = useQuery({
    queryKey: ['resident', 'questionnaire', personId, id],
    queryFn: () => rcall(residentApi.questionnaire, { person_id: personId, id }),
    retry: false,
  });
  if (detail.error) return <Alert type="error" showIcon title={errorText(detail.error, '加载失败')} />;
  if (!detail.data) return <Busy />;
  const d = detail.data;
  const answered = d.answered || done;

  const submit = async (values: Record<number, AnswerValue>) => {
    const built = buildAnswers(d.questions, values);
    if (!built.ok) {
      form.setFields([{ name: built.questionId, errors: [built.error] }]);
      void message.error(built.error);
      return;
    }
    setBusy(true);
    setError('');
    try {
      await rcall(residentApi.answer, { person_id: personId, id, answers: built.answers });
      void message.success('提交成功');
      setDone(true);
      void client.invalidateQueries({ queryKey: ['resident', 'questionnaires'] });
    } catch (e) {
      const q = questionOfField(fieldError(e)?.field ?? '');
      if (q !== null) form.setFields([{ name: q, errors: [errorText(e)] }]);
      setError(errorText(e, '提交失败'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Block testId="questionnaire-form">
      <h3 style={{ marginTop: 0 }}>{d.title}</h3>
      <div style={{ color: '#888', marginBottom: 12 }}>
        {d.village_name} · {dateOf(d.start_time)} 至 {dateOf(d.end_time)}
      </div>
      {answered ? (
        <Alert type="success" showIcon title="您已填写此问卷，感谢参与" style={{ marginBottom: 12 }} />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        disabled={answered}
        onFinish={(v) => void submit(v)}
        // an answer given clears what was said of its question
        onValuesChange={(changed: object) =>
          form.setFields(Object.keys(changed).map((k) => ({ name: Number(k), errors: [] })))
        }
      >
        {d.questions.map((q, i) => (
          <Form.Item
            key={q.id}
            name={q.id}
            label={`${i + 1}. ${q.title}（${TYPE_TEXT[q.type]}）`}
            required
            data-testid="questionnaire-question"
          >
            <QuestionInput q={q} />
          </Form.Item>
        ))}
        {error ? (
          <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="questionnaire-error" />
        ) : null}
        {answered ? null : (
          <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="questionnaire-submit">
            提交
          </Button>
        )}
      </Form>
      {onBack ? (
        <Button block style={{ marginTop: 8 }} onClick={onBack} data-testid="questionnaire-back">
          返回列表
        </Button>
      ) : null}
    </Block>
  );
};

/** 问卷调查: the village's questionnaires, each 已填写 or 未填写 */
export const Questionnaires = ({ personId }: { personId: number }) => {
  const [open, setOpen] = useState<number | null>(null);
  const list = useQuery({
    queryKey: ['resident', 'questionnaires', personId],
    queryFn: () => rcall(residentApi.questionnaires, { person_id: personId }),
    retry: false,
  });
  if (open !== null) return <QuestionnaireForm personId={personId} id={open} onBack={() => setOpen(null)} />;
  if (list.error) return <Alert type="error" showIcon title={errorText(list.error, '加载失败')} />;
  if (!list.data) return <Busy />;
  if (!list.data.length) return <Empty description="暂无问卷" />;
  return (
    <>
      {list.data.map((q) => (
        <div key={q.id} role="button" tabIndex={0} onClick={() => setOpen(q.id)} data-testid="questionnaire-item">
          <Block>
            <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 8 }}>
              <strong>{q.title}</strong>
              {q.answered ? <Tag color="green">已填写</Tag> : <Tag color="orange">未填写</Tag>}
            </div>
            <div style={{ color: '#888', marginTop: 4 }}>
              {dateOf(q.start_time)} 至 {dateOf(q.end_time)}
            </div>
          </Block>
        </div>
      ))}
    </>
  );
};
