import { useQuery } from '@tanstack/react-query';
import { App, Button, Result, Select, Spin } from 'antd';
import { useState } from 'react';
import { RECEIPT_LAYOUTS, receiptApi, type ReceiptDoc, type ReceiptLayout } from '@5a/contracts/endpoints/receipts';
import { call } from '../../api/call.ts';
import { loginRedirect } from '../../app/guard/guard.ts';
import { Navigate, useLocation, useSearchParams } from '../../lib/router.tsx';
import { useAuthStore } from '../../store/auth.ts';
import { amountInWords } from './money-words.ts';
import { docTitle, idsOfQuery, layoutOf, PAGE, sheetsOf } from './receipt.ts';

// sheets on screen as on paper; the toolbar never prints
const baseCss = `
body { background: #e9ebef; margin: 0; }
.rc-toolbar { position: sticky; top: 0; z-index: 1; display: flex; gap: 12px; align-items: center; justify-content: center; padding: 10px; background: #fff; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
.rc-sheet { margin: 16px auto; background: #fff; box-sizing: border-box; overflow: hidden; box-shadow: 0 2px 8px rgba(0,0,0,.15);
  display: flex; flex-direction: column; break-after: page; page-break-after: always; }
.rc-sheet:last-child { break-after: auto; page-break-after: auto; }
.rc-doc { flex: 1; box-sizing: border-box; padding: 10mm 12mm; position: relative; font-family: "SimSun", "Songti SC", serif; color: #000; font-size: 13px; }
.rc-half .rc-doc { height: 148.5mm; flex: none; padding: 7mm 12mm; }
.rc-half .rc-doc + .rc-doc { border-top: 1px dashed #888; }
.rc-cont .rc-doc { padding: 6mm 10mm; font-size: 12px; }
.rc-doc h1 { text-align: center; font-size: 20px; margin: 0; letter-spacing: 2px; }
.rc-doc h2 { text-align: center; font-size: 18px; margin: 2px 0 4px; letter-spacing: 6px; }
.rc-header, .rc-footer { text-align: center; color: #333; white-space: pre-wrap; }
.rc-footer { margin-top: 6px; text-align: left; }
.rc-meta { display: flex; justify-content: space-between; margin: 6px 0 4px; gap: 8px; flex-wrap: wrap; }
.rc-doc table { width: 100%; border-collapse: collapse; }
.rc-doc th, .rc-doc td { border: 1px solid #000; padding: 3px 6px; text-align: center; }
.rc-doc td.rc-amt { text-align: right; }
.rc-doc td.rc-words { text-align: left; }
.rc-sign { display: flex; justify-content: space-between; margin-top: 8px; align-items: flex-end; }
.rc-stamp { width: 40mm; white-space: nowrap; height: 22mm; border: 1px dashed #999; color: #999; display: flex; align-items: center; justify-content: center; font-size: 12px; }
.rc-reprint { position: absolute; top: 8mm; right: 12mm; border: 2px solid #c00; color: #c00; padding: 1px 8px; font-weight: bold; transform: rotate(-8deg); font-size: 16px; }
@media print {
  body { background: #fff; }
  .rc-toolbar { display: none !important; }
  .rc-sheet { margin: 0; box-shadow: none; }
}`;

const pageCss = (layout: ReceiptLayout) => {
  const p = PAGE[layout];
  return `@page { size: ${p.page}; margin: 0; }
.rc-sheet { width: ${p.width}; height: ${p.height}; }`;
};

/** One 收据 or 缴费通知单: header, who and what, the amount in figures and in capitals, who took it, a stamp area. */
const Paper = ({
  doc,
  company,
  title,
  header,
  footer,
}: {
  doc: ReceiptDoc;
  company: string;
  title: string;
  header: string;
  footer: string;
}) => {
  const receipt = doc.kind === 'receipt';
  return (
    <div className="rc-doc" data-testid="receipt-doc" data-kind={doc.kind} data-no={doc.no}>
      {doc.reprint ? (
        <span className="rc-reprint" data-testid="receipt-reprint">
          补打
        </span>
      ) : null}
      <h1>{title || company}</h1>
      <h2>{docTitle(doc)}</h2>
      {header ? <div className="rc-header">{header}</div> : null}
      <div className="rc-meta">
        <span>小区：{doc.village}</span>
        {receipt ? <span data-testid="receipt-no">编号：{doc.no}</span> : null}
        <span>
          {receipt ? '收款日期' : '通知日期'}：{doc.date}
        </span>
      </div>
      <div className="rc-meta">
        <span>
          {receipt ? '缴款人' : '业主'}：{doc.payer}
        </span>
        <span>房屋：{doc.house}</span>
      </div>
      <table>
        <thead>
          <tr>
            <th style={{ width: '8%' }}>序号</th>
            <th>收费项目</th>
            <th>所属期间</th>
            <th style={{ width: '18%' }}>{receipt ? '实收金额(元)' : '应缴金额(元)'}</th>
          </tr>
        </thead>
        <tbody>
          {doc.lines.map((l, i) => (
            <tr key={i}>
              <td>{i + 1}</td>
              <td>{l.name}</td>
              <td>{l.period}</td>
              <td className="rc-amt">{l.amount}</td>
            </tr>
          ))}
          <tr>
            <td colSpan={3} className="rc-words">
              合计人民币（大写）：<b data-testid="receipt-words">{amountInWords(doc.total)}</b>
            </td>
            <td className="rc-amt">
              <b data-testid="receipt-total">¥{doc.total}</b>
            </td>
          </tr>
        </tbody>
      </table>
      <div className="rc-sign">
        <div>
          {receipt ? (
            <>
              <div>
                支付方式：{doc.method}
                {doc.order_num ? `\u3000订单编号：${doc.order_num}` : ''}
              </div>
              <div>收款人：{doc.collector}</div>
            </>
          ) : (
            <div>请按时缴纳，逾期将按规定计收滞纳金。</div>
          )}
          {footer ? <div className="rc-footer">{footer}</div> : null}
        </div>
        <div className="rc-stamp">{receipt ? '收款单位（盖章）' : '物业服务中心（盖章）'}</div>
      </div>
    </div>
  );
};

/**
 * /print/receipt?ids=1,2[&layout=a4|half|continuous]: the chosen bills as receipts (paid) and payment notices
 * (unpaid) in the company's layout, outside the shell; 打印 records the print first, so a later one says 补打.
 */
export const ReceiptPrintPage = () => {
  const { message } = App.useApp();
  const token = useAuthStore((s) => s.token);
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const ids = idsOfQuery(params.get('ids'));
  const [chosen, setChosen] = useState<ReceiptLayout | null>(null);
  const q = useQuery({
    queryKey: ['fees', 'receipts', ids.join(',')],
    queryFn: () => call(receiptApi.docs, { ids }, { silent: true }),
    enabled: !!token && ids.length > 0,
    retry: false,
    staleTime: Infinity,
  });
  if (!token) return <Navigate to={loginRedirect(pathname + search)} replace />;
  if (!ids.length) return <Result status="warning" title="您还未选择数据" />;
  if (q.isPending)
    return (
      <div className="full-center">
        <Spin />
      </div>
    );
  if (q.isError) return <Result status="error" title="无法打印收据" subTitle={q.error.message} />;
  const { company, settings, docs } = q.data;
  const layout = chosen ?? layoutOf(params.get('layout'), settings.layout);
  const print = async () => {
    try {
      await call(receiptApi.printed, { ids });
      window.print();
    } catch {
      void message.error('打印记录失败，请重试');
    }
  };
  return (
    <>
      <style>{baseCss + pageCss(layout)}</style>
      <div className="rc-toolbar">
        <strong>打印收据</strong>
        <span>
          收据 {docs.filter((d) => d.kind === 'receipt').length} 张，缴费通知单{' '}
          {docs.filter((d) => d.kind === 'notice').length} 张
        </span>
        <Select
          value={layout}
          onChange={setChosen}
          options={RECEIPT_LAYOUTS.map((l) => ({ ...l }))}
          style={{ width: 180 }}
          data-testid="receipt-layout"
        />
        <Button type="primary" onClick={() => void print()} data-testid="receipt-print">
          打印
        </Button>
      </div>
      {sheetsOf(docs, layout).map((sheet, i) => (
        <div
          key={i}
          className={`rc-sheet ${layout === 'half' ? 'rc-half' : layout === 'continuous' ? 'rc-cont' : ''}`}
          data-testid="receipt-sheet"
          data-layout={layout}
        >
          {sheet.map((d) => (
            <Paper key={d.bill_ids.join(',')} doc={d} company={company} {...settings} />
          ))}
        </div>
      ))}
    </>
  );
};
