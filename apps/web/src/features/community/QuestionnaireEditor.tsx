import { Button, Collapse, Empty, Form, Input, InputNumber, Modal, Popconfirm, Radio, Space, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { questionnaireApi, type Question, type QuestionnaireDetail } from '@5a/contracts/endpoints/community';
import { call, callMsg } from '../../api/call.ts';
import { RowActionLink } from '../../engine/list/RowActions.tsx';
import type { RowActionProps } from '../../engine/registry/rowActions.ts';
import { formOf, moved, saveBody, TYPE_LABEL, type QuestionForm } from './questionnaireLogic.ts';

const QuestionDialog = ({
  qid,
  editing,
  onClose,
  onSaved,
}: {
  qid: number;
  editing?: Question;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const [form] = Form.useForm<QuestionForm>();
  const type = Form.useWatch('type', form) ?? editing?.type ?? 1;
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await callMsg(questionnaireApi.save, saveBody(qid, v, editing));
      onSaved();
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={editing ? '编辑题目' : '添加题目'}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={busy}
      okText="保存"
    >
      <Form form={form} layout="vertical" initialValues={formOf(editing)} data-testid="question-form">
        <Form.Item name="title" label="题目" rules={[{ required: true, whitespace: true, message: '请填写题目' }]}>
          <Input maxLength={200} data-testid="question-title" />
        </Form.Item>
        <Form.Item name="type" label="类型">
          <Radio.Group data-testid="question-type">
            <Radio value={1}>单选</Radio>
            <Radio value={2}>多选</Radio>
            <Radio value={3}>问答</Radio>
          </Radio.Group>
        </Form.Item>
        {type === 3 ? (
          <div style={{ color: '#888' }}>问答题由住户填写一段文字（不超过500字）。</div>
        ) : (
          <Form.List name="options">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f, i) => (
                  <Space key={f.key} align="baseline" style={{ display: 'flex' }}>
                    <Form.Item name={[f.name, 'seqs']} rules={[{ required: true, message: '序号' }]}>
                      <InputNumber min={0} max={9999} style={{ width: 70 }} />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'text']}
                      rules={[{ required: true, whitespace: true, message: '请填写选项' }]}
                    >
                      <Input maxLength={200} placeholder={`选项${i + 1}`} data-testid={`question-option-${i}`} />
                    </Form.Item>
                    {fields.length > 2 ? (
                      <Button type="link" onClick={() => remove(f.name)}>
                        删除
                      </Button>
                    ) : null}
                  </Space>
                ))}
                <Button onClick={() => add({ text: '', seqs: fields.length + 1 })} data-testid="question-option-add">
                  添加选项
                </Button>
              </>
            )}
          </Form.List>
        )}
      </Form>
    </Modal>
  );
};

const SortDialog = ({
  detail,
  onClose,
  onSaved,
}: {
  detail: QuestionnaireDetail;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const [list, setList] = useState(detail.questions);
  const [drag, setDrag] = useState<number | null>(null);
  const save = async () => {
    await callMsg(questionnaireApi.sort, { id: detail.id, qtList: list.map((q) => q.id) });
    onSaved();
    onClose();
  };
  return (
    <Modal open title="题目排序" onCancel={onClose} onOk={save} okText="保存">
      {list.map((q, i) => (
        <div
          key={q.id}
          draggable
          data-testid={`sort-item-${i}`}
          onDragStart={() => setDrag(i)}
          onDragOver={(e) => e.preventDefault()}
          onDrop={() => {
            if (drag !== null) setList(moved(list, drag, i));
            setDrag(null);
          }}
          style={{ padding: 8, border: '1px solid #eee', marginBottom: 4, cursor: 'move', background: '#fafafa' }}
        >
          {i + 1}. {q.title}
        </div>
      ))}
    </Modal>
  );
};

/** 编辑问卷: the questions in order, each with its type, options and 编辑 / 删除; 添加 and 排序 above. */
const Editor = ({
  id,
  title,
  onClose,
  onDone,
}: {
  id: number;
  title: string;
  onClose: () => void;
  onDone: () => void;
}) => {
  const [detail, setDetail] = useState<QuestionnaireDetail | null>(null);
  const [dialog, setDialog] = useState<{ kind: 'add' } | { kind: 'edit'; q: Question } | { kind: 'sort' } | null>(null);
  const reload = useCallback(() => {
    void call(questionnaireApi.get, { id }).then(setDetail);
  }, [id]);
  useEffect(reload, [reload]);
  const remove = async (q: Question) => {
    await callMsg(questionnaireApi.save, { row: { id: q.id }, isDel: 1 });
    reload();
  };
  const locked = detail?.locked ?? false;
  return (
    <Modal open width={760} title={`编辑问卷 - ${title}`} onCancel={() => (onDone(), onClose())} footer={null}>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" disabled={locked} onClick={() => setDialog({ kind: 'add' })} data-testid="question-add">
          添加
        </Button>
        <Button
          disabled={locked || !detail?.questions.length}
          onClick={() => setDialog({ kind: 'sort' })}
          data-testid="question-sort"
        >
          排序
        </Button>
        {locked ? <span style={{ color: '#fa8c16' }}>已有答卷，题目不能再修改</span> : null}
      </Space>
      <div style={{ maxHeight: 500, overflowY: 'auto' }} data-testid="question-list">
        {detail && !detail.questions.length ? <Empty description="还没有题目" /> : null}
        <Collapse
          defaultActiveKey={detail?.questions.map((q) => q.id)}
          items={(detail?.questions ?? []).map((q, i) => ({
            key: q.id,
            label: (
              <span>
                <Tag color={q.type === 3 ? 'purple' : q.type === 2 ? 'blue' : 'green'}>{TYPE_LABEL[q.type]}</Tag>
                {i + 1}. {q.title}
              </span>
            ),
            extra: locked ? null : (
              <Space onClick={(e) => e.stopPropagation()}>
                <Button size="small" type="link" onClick={() => setDialog({ kind: 'edit', q })}>
                  编辑
                </Button>
                <Popconfirm title="确定删除该题目吗?" onConfirm={() => remove(q)}>
                  <Button size="small" type="link" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
            children:
              q.type === 3 ? (
                <div style={{ color: '#888' }}>问答：住户填写文字</div>
              ) : (
                q.Answer.map((a) => (
                  <div key={a.id}>
                    {a.seqs}. {a.text}
                  </div>
                ))
              ),
          }))}
        />
      </div>
      {dialog?.kind === 'add' ? <QuestionDialog qid={id} onClose={() => setDialog(null)} onSaved={reload} /> : null}
      {dialog?.kind === 'edit' ? (
        <QuestionDialog qid={id} editing={dialog.q} onClose={() => setDialog(null)} onSaved={reload} />
      ) : null}
      {dialog?.kind === 'sort' && detail ? (
        <SortDialog detail={detail} onClose={() => setDialog(null)} onSaved={reload} />
      ) : null}
    </Modal>
  );
};

export const QuestionnaireEditAction = ({ action, row, ctx }: RowActionProps) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <RowActionLink action={action} onClick={() => setOpen(true)} />
      {open ? (
        <Editor
          id={Number(row.id)}
          title={String(row.title ?? '')}
          onClose={() => setOpen(false)}
          onDone={ctx.reload}
        />
      ) : null}
    </>
  );
};
