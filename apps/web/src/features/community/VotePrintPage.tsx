import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { VOTE_TYPES, voteApi, type VoteTally, type VoteView, type VoteVoter } from '@5a/contracts/endpoints/community';
import { call } from '../../api/call.ts';
import { loginRedirect } from '../../app/guard/guard.ts';
import { Navigate, useLocation, useSearchParams } from '../../lib/router.tsx';
import { useAuthStore } from '../../store/auth.ts';
import { dayOf, printedRule, verdictText } from './voteLogic.ts';

// an A4 sheet on screen as on paper; the toolbar never prints, and the voter table repeats its head on every page
const css = `
@page { size: A4; margin: 12mm; }
body { background: #e9ebef; margin: 0; }
.vp-toolbar { position: sticky; top: 0; z-index: 1; display: flex; gap: 12px; align-items: center; justify-content: center; padding: 10px; background: #fff; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
.vp-sheet { width: 210mm; min-height: 297mm; margin: 16px auto; padding: 14mm 12mm; box-sizing: border-box; background: #fff; box-shadow: 0 2px 8px rgba(0,0,0,.15);
  font-family: "SimSun", "Songti SC", serif; color: #000; font-size: 13px; }
.vp-sheet h1 { text-align: center; font-size: 20px; margin: 0 0 4px; }
.vp-sheet h2 { font-size: 15px; margin: 14px 0 6px; }
.vp-meta { display: flex; justify-content: space-between; gap: 8px; flex-wrap: wrap; margin: 6px 0; }
.vp-sheet table { width: 100%; border-collapse: collapse; }
.vp-sheet th, .vp-sheet td { border: 1px solid #000; padding: 3px 6px; text-align: center; }
.vp-sheet td.vp-num { text-align: right; }
.vp-sheet thead { display: table-header-group; }
.vp-sheet tr { break-inside: avoid; page-break-inside: avoid; }
.vp-verdict { font-size: 16px; font-weight: bold; margin: 10px 0; }
.vp-sign { display: flex; justify-content: space-between; margin-top: 24px; }
@media print {
  body { background: #fff; }
  .vp-toolbar { display: none !important; }
  .vp-sheet { width: auto; min-height: 0; margin: 0; padding: 0; box-shadow: none; }
}`;

const Tally = ({ t }: { t: VoteTally }) => (
  <>
    <h2>表决统计</h2>
    <table data-testid="vote-print-tally">
      <thead>
        <tr>
          <th />
          <th>总计</th>
          <th>参与表决</th>
          <th>同意</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <td>专有部分面积(㎡)</td>
          <td className="vp-num">{t.area_total}</td>
          <td className="vp-num">{t.area_voted}</td>
          <td className="vp-num">{t.area_yes}</td>
        </tr>
        <tr>
          <td>业主人数</td>
          <td className="vp-num">{t.owners_total}</td>
          <td className="vp-num">{t.owners_voted}</td>
          <td className="vp-num">{t.owners_yes}</td>
        </tr>
      </tbody>
    </table>
    <div className="vp-meta" data-testid="vote-print-rule">
      适用规则：{printedRule(t)}
    </div>
  </>
);

const Sheet = ({ v, voters }: { v: VoteView; voters: VoteVoter[] }) => (
  <div className="vp-sheet" data-testid="vote-print-sheet">
    <h1 data-testid="vote-print-title">{v.title}</h1>
    <div className="vp-meta">
      <span>小区：{v.village}</span>
      <span>类型：{VOTE_TYPES.find((o) => o.value === v.vote_type)?.label ?? ''}</span>
      <span data-testid="vote-print-period">
        表决期间：{dayOf(v.published) || '未发布'} 至 {dayOf(v.etime)}
      </span>
    </div>
    {v.desc ? <div className="vp-meta">{v.desc}</div> : null}
    <h2>投票情况（共 {v.persons} 票）</h2>
    <table>
      <thead>
        <tr>
          <th>选项</th>
          <th>票数</th>
          <th>占比</th>
        </tr>
      </thead>
      <tbody>
        {v.votOptions.map((o) => (
          <tr key={o.id}>
            <td>{o.text}</td>
            <td className="vp-num">{o.num}</td>
            <td className="vp-num">{o.Percent}</td>
          </tr>
        ))}
      </tbody>
    </table>
    {v.tally ? <Tally t={v.tally} /> : null}
    {v.tally ? (
      <div className="vp-verdict" data-testid="vote-print-verdict">
        结论：{verdictText(v.tally)}
      </div>
    ) : null}
    <h2>投票明细（{voters.length} 人）</h2>
    <table data-testid="vote-print-voters">
      <thead>
        <tr>
          <th style={{ width: '6%' }}>序号</th>
          <th>姓名</th>
          <th>电话</th>
          <th>地址</th>
          <th>投票</th>
          <th>投票时间</th>
          <th>受托人</th>
          <th>方式</th>
        </tr>
      </thead>
      <tbody>
        {voters.map((r, i) => (
          <tr key={i}>
            <td>{i + 1}</td>
            <td>{r.name}</td>
            <td>{r.tel}</td>
            <td>{r.address}</td>
            <td>{r.vote}</td>
            <td>{r.vote_time}</td>
            <td>{r.proxy}</td>
            <td>{r.recorder ? `书面（${r.recorder}录入）${r.remark}` : '线上'}</td>
          </tr>
        ))}
      </tbody>
    </table>
    <div className="vp-sign">
      <span>统计人：</span>
      <span>监票人：</span>
      <span>业主委员会（盖章）</span>
    </div>
  </div>
);

/**
 * /print/vote?id=: a vote's result sheet outside the shell — options with counts, a resolution's every figure,
 * the rule applied and the verdict, and every voter — for the notice board and the meeting's records.
 */
export const VotePrintPage = () => {
  const token = useAuthStore((s) => s.token);
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const q = useQuery({
    queryKey: ['community', 'votePrint', id],
    queryFn: async () => {
      const [view, voters] = await Promise.all([
        call(voteApi.cview, { id }, { silent: true }),
        call(voteApi.cviewdetail, { rowId: id, id: 0 }, { silent: true }),
      ]);
      return { view, voters };
    },
    enabled: !!token && valid,
    retry: false,
    staleTime: Infinity,
  });
  const title = q.data?.view.title;
  useEffect(() => {
    if (!title) return;
    const before = document.title;
    document.title = `投票结果 - ${title}`;
    return () => {
      document.title = before;
    };
  }, [title]);
  if (!token) return <Navigate to={loginRedirect(pathname + search)} replace />;
  if (!valid) return <Result status="warning" title="您还未选择数据" />;
  if (q.isPending)
    return (
      <div className="full-center">
        <Spin />
      </div>
    );
  if (q.isError) return <Result status="error" title="无法打印投票结果" subTitle={q.error.message} />;
  return (
    <>
      <style>{css}</style>
      <div className="vp-toolbar">
        <strong>打印投票结果</strong>
        <Button type="primary" onClick={() => window.print()} data-testid="vote-print">
          打印
        </Button>
      </div>
      <Sheet v={q.data.view} voters={q.data.voters} />
    </>
  );
};
