import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import QRCode from 'qrcode';
import { useCallback, useEffect, useState } from 'react';
import { Navigate, useLocation, useSearchParams } from '../../lib/router.tsx';
import { patrolApi } from '@5a/contracts/endpoints/patrol';
import { call } from '../../api/call.ts';
import { loginRedirect } from '../../app/guard/guard.ts';
import { useAuthStore } from '../../store/auth.ts';
import { idsOfQuery, patrolLink, printTitle, QR_WIDTH, sheetsOf, type PatrolQrPoint } from './points.ts';

// A4 sheets on screen as on paper; the toolbar never prints
const css = `
@page { size: A4; margin: 0; }
body { background: #e9ebef; margin: 0; }
.pqr-toolbar { position: sticky; top: 0; z-index: 1; display: flex; gap: 12px; align-items: center; justify-content: center; padding: 10px; background: #fff; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
.pqr-sheet { width: 210mm; height: 296mm; margin: 16px auto; padding: 12mm; box-sizing: border-box; background: #fff; overflow: hidden;
  display: grid; grid-template-columns: 1fr 1fr; grid-template-rows: 1fr 1fr; gap: 6mm; box-shadow: 0 2px 8px rgba(0,0,0,.15);
  break-after: page; page-break-after: always; }
.pqr-sheet:last-child { break-after: auto; page-break-after: auto; }
.pqr-label { border: 1px dashed #999; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 6px; text-align: center; }
.pqr-label h2 { font-size: 22px; margin: 0 8px; line-height: 1.3; word-break: break-all; }
.pqr-label .pqr-meta { font-size: 14px; color: #333; }
@media print {
  body { background: #fff; }
  .pqr-toolbar { display: none !important; }
  .pqr-sheet { margin: 0; box-shadow: none; }
}`;

/** One point's code (a 300 px image of its H5 patrol link), its name as the title, its number and village. */
const Label = ({ point, onReady }: { point: PatrolQrPoint; onReady: () => void }) => {
  const text = patrolLink(window.location.origin, point.id);
  const [src, setSrc] = useState('');
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(text, { width: QR_WIDTH, margin: 1, errorCorrectionLevel: 'M' })
      .then((url) => {
        if (!live) return;
        setSrc(url);
        onReady();
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [text, onReady]);
  return (
    <div className="pqr-label" data-testid="patrol-qr-label">
      <h2>{point.name}</h2>
      {src ? (
        <img
          src={src}
          width={QR_WIDTH}
          height={QR_WIDTH}
          alt={point.name}
          data-testid="patrol-qr-img"
          data-qr-text={text}
        />
      ) : (
        <div style={{ width: QR_WIDTH, height: QR_WIDTH, display: 'grid', placeItems: 'center' }}>
          <Spin />
        </div>
      )}
      <div className="pqr-meta">编号：{point.point_no}</div>
      <div className="pqr-meta">
        {point.village_name}
        {point.point_type_name ? ` · ${point.point_type_name}` : ''}
      </div>
    </div>
  );
};

const Sheets = ({ points, title }: { points: PatrolQrPoint[]; title: string | null }) => {
  const [ready, setReady] = useState(0);
  const onReady = useCallback(() => setReady((n) => n + 1), []);
  useEffect(() => {
    const before = document.title;
    document.title = printTitle(points, title);
    return () => {
      document.title = before;
    };
  }, [points, title]);
  const done = ready >= points.length;
  return (
    <>
      <div className="pqr-toolbar">
        <strong>{printTitle(points, title)}</strong>
        <span>共{points.length}个点位，A4 每页 4 个</span>
        <Button type="primary" disabled={!done} onClick={() => window.print()} data-testid="patrol-qr-print">
          打印
        </Button>
      </div>
      {sheetsOf(points).map((sheet, i) => (
        <div className="pqr-sheet" key={i} data-testid="patrol-qr-sheet">
          {sheet.map((p) => (
            <Label key={p.id} point={p} onReady={onReady} />
          ))}
        </div>
      ))}
    </>
  );
};

/** /print/patrol-qr?ids=1,2,3[&title=…]: the points' QR labels on A4 sheets, outside the shell; signed-in users only. */
export const PointsQrPrintPage = () => {
  const token = useAuthStore((s) => s.token);
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const ids = idsOfQuery(params.get('ids'));
  const title = params.get('title');
  const q = useQuery({
    queryKey: ['patrol', 'qrList', ids.join(',')],
    queryFn: () => call(patrolApi.qrList, { ids }, { silent: true }),
    enabled: !!token && ids.length > 0,
    retry: false,
    staleTime: 0,
  });
  if (!token) return <Navigate to={loginRedirect(pathname + search)} replace />;
  const body = !ids.length ? (
    <Result status="warning" title="您还未选择数据" />
  ) : q.isPending ? (
    <div className="full-center">
      <Spin />
    </div>
  ) : q.isError ? (
    <Result status="error" title="无法打印二维码" subTitle={q.error.message} />
  ) : (
    <Sheets points={q.data} title={title} />
  );
  return (
    <>
      <style>{css}</style>
      {body}
    </>
  );
};
