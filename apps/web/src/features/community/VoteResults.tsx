import { Button, Descriptions, Modal, Progress, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { voteApi, type VoteView, type VoteVoter } from '@5a/contracts/endpoints/community';
import { call } from '../../api/call.ts';
import { RowActionLink } from '../../engine/list/RowActions.tsx';
import { usePerm } from '../../engine/perm/usePerm.ts';
import type { RowActionProps } from '../../engine/registry/rowActions.ts';
import { ruleText, verdictText, votePrintUrl } from './voteLogic.ts';
import { WrittenBallotButton } from './VoteWrittenBallot.tsx';

/** a published vote before its close takes ballots */
const OPEN = 3;

const Results = ({ id, onClose }: { id: number; onClose: () => void }) => {
  const [v, setV] = useState<VoteView | null>(null);
  const [option, setOption] = useState(0);
  const [voters, setVoters] = useState<VoteVoter[]>([]);
  const [version, setVersion] = useState(0);
  const canRecord = usePerm().has('Vote:edit');
  useEffect(() => {
    void call(voteApi.cview, { id }).then(setV);
  }, [id, version]);
  useEffect(() => {
    void call(voteApi.cviewdetail, { rowId: id, id: option }).then(setVoters);
  }, [id, option, version]);
  const t = v?.tally;
  return (
    <Modal open width={860} title={`投票结果 - ${v?.title ?? ''}`} onCancel={onClose} footer={null}>
      {v ? (
        <div data-testid="vote-results">
          <div style={{ marginBottom: 8 }}>
            {v.village} · 截止 {v.etime} · 已投 <b data-testid="vote-persons">{v.persons}</b> 票
            <Button
              style={{ float: 'right' }}
              onClick={() => window.open(votePrintUrl(id), '_blank', 'noopener')}
              data-testid="vote-print-open"
            >
              打印结果
            </Button>
            {canRecord && v.state === OPEN ? (
              <WrittenBallotButton vote={v} onDone={() => setVersion((n) => n + 1)} />
            ) : null}
          </div>
          {v.votOptions.map((o) => (
            <div
              key={o.id}
              data-testid={`vote-option-${o.id}`}
              data-chosen={option === o.id}
              onClick={() => setOption(option === o.id ? 0 : o.id)}
              style={{ display: 'flex', gap: 8, alignItems: 'center', cursor: 'pointer' }}
            >
              <span style={{ width: 180, fontWeight: option === o.id ? 600 : 400 }}>{o.text}</span>
              <Progress percent={Number.parseFloat(o.Percent)} showInfo={false} style={{ flex: 1 }} />
              <span style={{ width: 120 }} data-testid="vote-option-figure">
                {o.num}票 {o.Percent}
              </span>
            </div>
          ))}
          {t ? (
            <Descriptions size="small" bordered column={3} style={{ marginTop: 12 }} data-testid="vote-tally">
              <Descriptions.Item label="总面积(㎡)">{t.area_total}</Descriptions.Item>
              <Descriptions.Item label="参与面积(㎡)">{t.area_voted}</Descriptions.Item>
              <Descriptions.Item label="同意面积(㎡)">{t.area_yes}</Descriptions.Item>
              <Descriptions.Item label="总人数">{t.owners_total}</Descriptions.Item>
              <Descriptions.Item label="参与人数">{t.owners_voted}</Descriptions.Item>
              <Descriptions.Item label="同意人数">{t.owners_yes}</Descriptions.Item>
              <Descriptions.Item label="适用规则" span={3}>
                {ruleText(t)}
              </Descriptions.Item>
              <Descriptions.Item label="结论" span={3}>
                <Tag color={t.passed ? 'green' : 'red'} data-testid="vote-verdict">
                  {verdictText(t)}
                </Tag>
              </Descriptions.Item>
            </Descriptions>
          ) : null}
          <div data-testid="vote-voters">
            <Table
              style={{ marginTop: 12 }}
              size="small"
              rowKey={(r) => `${r.name}${r.vote_time}${r.address}`}
              pagination={{ pageSize: 10 }}
              dataSource={voters}
              columns={[
                { title: '姓名', dataIndex: 'name' },
                { title: '电话', dataIndex: 'tel' },
                { title: '地址', dataIndex: 'address' },
                { title: '投票', dataIndex: 'vote' },
                { title: '投票时间', dataIndex: 'vote_time' },
                { title: '受托人', dataIndex: 'proxy' },
                {
                  title: '书面录入',
                  dataIndex: 'recorder',
                  render: (r: string, row) => (r ? `${r} ${row.remark}` : ''),
                },
              ]}
            />
          </div>
        </div>
      ) : null}
    </Modal>
  );
};

/** 查看结果: options with counts and shares (click one for its voters), a resolution's figures and verdict. */
export const VoteViewAction = ({ action, row }: RowActionProps) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <RowActionLink action={action} onClick={() => setOpen(true)} />
      {open ? <Results id={Number(row.id)} onClose={() => setOpen(false)} /> : null}
    </>
  );
};
