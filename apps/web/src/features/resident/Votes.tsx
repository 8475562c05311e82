import { useQuery, useQueryClient } from '@tanstack/react-query';
import { residentApi, type ResidentVote } from '@5a/contracts/endpoints/resident';
import { Alert, App, Button, Empty, Radio, Space, Tag } from 'antd';
import { useState } from 'react';
import { Block, Busy } from './Layout.tsx';
import { dateOf, isResolution, RESOLUTION_NOTE } from './logic.ts';
import { errorText, rcall } from './publicApi.ts';
import { EntrustForm, ProxyBallots } from './VoteProxy.tsx';

const VoteCard = ({ v, personId }: { v: ResidentVote; personId: number }) => {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [choice, setChoice] = useState<number | null>(v.my_option_id);
  const [busy, setBusy] = useState(false);
  const mine = v.options.find((o) => o.id === v.my_option_id);

  const cast = async () => {
    if (choice === null) return;
    setBusy(true);
    try {
      await rcall(residentApi.castVote, { person_id: personId, id: v.id, option_id: choice });
      void message.success('投票成功');
      await client.invalidateQueries({ queryKey: ['resident', 'votes'] });
    } catch (e) {
      void message.error(errorText(e, '投票失败'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Block testId="vote-item">
      <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 8 }}>
        <strong>{v.title}</strong>
        {mine ? (
          <Tag color="green" data-testid="vote-mine">
            已投：{mine.text}
          </Tag>
        ) : null}
      </div>
      {v.description ? <p style={{ margin: '6px 0', whiteSpace: 'pre-wrap' }}>{v.description}</p> : null}
      <div style={{ color: '#888', marginBottom: 8 }}>截止 {dateOf(v.etime)}</div>
      {isResolution(v.vote_type) ? (
        <div style={{ background: '#fafafa', padding: 8, borderRadius: 6, marginBottom: 8 }} data-testid="vote-units">
          {v.units.map((u) => (
            <div key={u.address}>
              {u.address}：{u.area} m²
            </div>
          ))}
          <div style={{ color: '#888', fontSize: 12, marginTop: 4 }}>{RESOLUTION_NOTE}</div>
        </div>
      ) : null}
      <Radio.Group value={choice} onChange={(e) => setChoice(Number(e.target.value))} data-testid="vote-options">
        <Space orientation="vertical">
          {v.options.map((o) => (
            <Radio key={o.id} value={o.id}>
              {o.text}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
      <Button
        type="primary"
        block
        style={{ marginTop: 12 }}
        loading={busy}
        disabled={choice === null || choice === v.my_option_id}
        onClick={() => void cast()}
        data-testid="vote-cast"
      >
        {v.my_option_id === null ? '投票' : '修改投票'}
      </Button>
      <EntrustForm v={v} personId={personId} />
      <ProxyBallots v={v} personId={personId} />
    </Block>
  );
};

/** 社区投票: the village's open votes; his ballot may be changed until the vote ends. `only`: a link's one vote */
export const Votes = ({ personId, only }: { personId: number; only?: number }) => {
  const list = useQuery({
    queryKey: ['resident', 'votes', personId],
    queryFn: () => rcall(residentApi.votes, { person_id: personId }),
    retry: false,
  });
  if (list.error) return <Alert type="error" showIcon title={errorText(list.error, '加载失败')} />;
  if (!list.data) return <Busy />;
  const votes = only === undefined ? list.data : list.data.filter((v) => v.id === only);
  if (!votes.length) return <Empty description="暂无投票" />;
  // keyed by his ballot too, so that a changed vote starts from what the server now holds
  return (
    <>
      {votes.map((v) => (
        <VoteCard
          key={`${v.id}-${v.my_option_id ?? 0}-${v.proxy_for.map((o) => o.option_id ?? 0).join('.')}`}
          v={v}
          personId={personId}
        />
      ))}
    </>
  );
};
