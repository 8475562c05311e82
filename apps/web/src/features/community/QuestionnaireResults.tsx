import { Button, Modal, Progress, Table } from 'antd';
import { useEffect, useState } from 'react';
import { questionnaireApi, type QuestionnaireResults } from '@5a/contracts/endpoints/community';
import { call } from '../../api/call.ts';
import { RowActionLink } from '../../engine/list/RowActions.tsx';
import type { RowActionProps } from '../../engine/registry/rowActions.ts';
import { buildXlsx } from '../fees/excel.ts';
import { TYPE_LABEL } from './questionnaireLogic.ts';

/** every option's count and share, every 问答 text and every respondent, as rows of one sheet */
type SheetRow = { question: string; type: string; item: string; value: string | number; extra: string };
const sheetRows = (r: QuestionnaireResults): SheetRow[] => [
  ...r.questions.flatMap((q): SheetRow[] =>
    q.type === 3
      ? q.texts.map((t) => ({
          question: q.title,
          type: TYPE_LABEL[q.type],
          item: t.text,
          value: t.name,
          extra: t.time,
        }))
      : q.options.map((o) => ({
          question: q.title,
          type: TYPE_LABEL[q.type],
          item: o.text,
          value: o.num,
          extra: o.percent,
        })),
  ),
  ...r.people.map((p) => ({
    question: '答卷人',
    type: '',
    item: p.name,
    value: p.tel,
    extra: `${p.address} ${p.time}`,
  })),
];

const download = async (r: QuestionnaireResults) => {
  const blob = await buildXlsx(
    r.title,
    [
      { prop: 'question', label: '题目' },
      { prop: 'type', label: '类型' },
      { prop: 'item', label: '选项/回答/姓名' },
      { prop: 'value', label: '人数/答题人/电话' },
      { prop: 'extra', label: '占比/时间/地址' },
    ],
    sheetRows(r),
  );
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `${r.title}.xlsx`;
  a.click();
  URL.revokeObjectURL(a.href);
};

const Results = ({ id, onClose }: { id: number; onClose: () => void }) => {
  const [r, setR] = useState<QuestionnaireResults | null>(null);
  useEffect(() => {
    void call(questionnaireApi.results, { id }).then(setR);
  }, [id]);
  return (
    <Modal open width={820} title={`查看问卷 - ${r?.title ?? ''}`} onCancel={onClose} footer={null}>
      {r ? (
        <div data-testid="questionnaire-results">
          <div style={{ marginBottom: 12 }}>
            {r.village} · {r.start_time} 至 {r.end_time} · 答卷 <b data-testid="respondents">{r.respondents}</b> 份
            <Button style={{ float: 'right' }} onClick={() => void download(r)} data-testid="questionnaire-export">
              导出
            </Button>
          </div>
          {r.questions.map((q, i) => (
            <div key={q.id} style={{ marginBottom: 16 }} data-testid="question-result">
              <b>
                {i + 1}. [{TYPE_LABEL[q.type]}] {q.title}
              </b>
              {q.type === 3
                ? q.texts.map((t, j) => (
                    <div key={j}>
                      {t.name}：{t.text}
                    </div>
                  ))
                : q.options.map((o) => (
                    <div key={o.id} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                      <span style={{ width: 160 }}>{o.text}</span>
                      <Progress percent={Number.parseFloat(o.percent)} showInfo={false} style={{ flex: 1 }} />
                      <span style={{ width: 110 }} data-testid="option-figure">
                        {o.num}人 {o.percent}
                      </span>
                    </div>
                  ))}
            </div>
          ))}
          <Table
            size="small"
            rowKey={(p) => `${p.name}${p.time}`}
            pagination={{ pageSize: 10 }}
            dataSource={r.people}
            columns={[
              { title: '姓名', dataIndex: 'name' },
              { title: '电话', dataIndex: 'tel' },
              { title: '地址', dataIndex: 'address' },
              { title: '答卷时间', dataIndex: 'time' },
            ]}
          />
        </div>
      ) : null}
    </Modal>
  );
};

export const QuestionnaireViewAction = ({ action, row }: RowActionProps) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <RowActionLink action={action} onClick={() => setOpen(true)} />
      {open ? <Results id={Number(row.id)} onClose={() => setOpen(false)} /> : null}
    </>
  );
};
