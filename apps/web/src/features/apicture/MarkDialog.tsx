import type { ApictureMarkKind } from '@5a/contracts';
import { apictureLayerTitles } from '@5a/contracts';
import { dashboardApi } from '@5a/contracts/endpoints/dashboard';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../api/call.ts';
import { toFileUrl } from '../../engine/cells/fileUrl.ts';
import { HlsPlayer } from '../video/HlsPlayer.tsx';
import { expiryText } from './logic.ts';
import { box, button, head, muted } from './styles.ts';

export type MarkTarget = { kind: ApictureMarkKind | 'village'; id: number };

const Fields = ({ rows }: { rows: readonly { label: string; value: string }[] }) => (
  <div style={{ display: 'grid', gridTemplateColumns: '110px 1fr', rowGap: 6, columnGap: 10 }}>
    {rows.map((r, i) => (
      <div key={`${r.label}-${i}`} style={{ display: 'contents' }}>
        <span style={{ color: muted }}>{r.label}</span>
        <span style={{ wordBreak: 'break-all' }}>{r.value}</span>
      </div>
    ))}
  </div>
);

/** A work order's (or a building's, a worker's) pictures one at a time, with the way to the others. */
const Carousel = ({ images }: { images: readonly string[] }) => {
  const [i, setI] = useState(0);
  if (!images.length) return null;
  const at = Math.min(i, images.length - 1);
  const nav = (d: number) => setI((at + d + images.length) % images.length);
  return (
    <div
      style={{ position: 'relative', marginTop: 12, height: 260, background: '#000' }}
      data-testid="apicture-carousel"
    >
      <img
        src={toFileUrl(images[at]!)}
        alt={`图片 ${at + 1}`}
        style={{ width: '100%', height: '100%', objectFit: 'contain' }}
      />
      {images.length > 1 ? (
        <>
          <button
            type="button"
            onClick={() => nav(-1)}
            style={{ ...button(false), position: 'absolute', left: 8, top: 110 }}
          >
            ‹
          </button>
          <button
            type="button"
            onClick={() => nav(1)}
            style={{ ...button(false), position: 'absolute', right: 8, top: 110 }}
          >
            ›
          </button>
        </>
      ) : null}
      <span style={{ position: 'absolute', right: 10, bottom: 8, color: '#fff' }} data-testid="apicture-carousel-count">
        {at + 1}/{images.length}
      </span>
    </div>
  );
};

const VillageBody = ({ id }: { id: number }) => {
  const q = useQuery({
    queryKey: ['apicture-village', id],
    queryFn: () => call(dashboardApi.apictureVillage, { vid: id }),
  });
  const v = q.data;
  if (!v) return <div style={{ color: muted }}>{q.isError ? (q.error as Error).message : '加载中…'}</div>;
  return (
    <Fields
      rows={[
        { label: '小区名称', value: v.name },
        { label: '物业公司', value: v.tenantName },
        { label: '所在地区', value: v.regionName || '-' },
        { label: '详细地址', value: v.address || '-' },
        { label: '楼栋 / 房屋', value: `${v.buildings} 栋 / ${v.houses} 套` },
        { label: '业主 / 住户', value: `${v.owners} 人 / ${v.residents} 人` },
        { label: '入住率', value: `${v.occupancyRate}%（${v.livedHouses}/${v.houses}）` },
        { label: '服务到期', value: expiryText(v) },
      ]}
    />
  );
};

/**
 * The detail of a clicked marker: a village's figures, or a thing's fields as the server shows them to the caller
 * (a resident's personal data masked without the sensitive right), a camera's live stream, a work order's pictures
 * and, for a work order still open, 派单.
 */
export const MarkDialog = ({
  target,
  mayDispatch,
  onDispatch,
  onClose,
}: {
  target: MarkTarget;
  mayDispatch: boolean;
  onDispatch: (d: { id: number; villageId: number; title: string }) => void;
  onClose: () => void;
}) => {
  const kind = target.kind;
  const q = useQuery({
    queryKey: ['apicture-mark', kind, target.id],
    queryFn: () => call(dashboardApi.apictureDetail, { kind: kind as ApictureMarkKind, id: target.id }),
    enabled: kind !== 'village',
  });
  const d = q.data;
  return (
    <section
      style={{ ...box, left: 620, top: 180, width: 680, maxHeight: 820, overflow: 'auto', zIndex: 9 }}
      data-testid="apicture-mark"
      data-kind={kind}
      role="dialog"
    >
      <div style={head}>
        <span>
          {apictureLayerTitles[kind]}详情{d ? ` · ${d.title}` : ''}
        </span>
        <button
          type="button"
          onClick={onClose}
          aria-label="关闭"
          style={{ background: 'none', border: 0, color: '#9fb9dd', cursor: 'pointer', fontSize: 16 }}
          data-testid="apicture-mark-close"
        >
          ✕
        </button>
      </div>
      <div style={{ padding: 16 }}>
        {kind === 'village' ? (
          <VillageBody id={target.id} />
        ) : !d ? (
          <div style={{ color: muted }}>{q.isError ? (q.error as Error).message : '加载中…'}</div>
        ) : (
          <>
            {d.streamUrl ? (
              <div style={{ position: 'relative', height: 340, marginBottom: 12 }}>
                <HlsPlayer url={d.streamUrl} testId="apicture-video" />
              </div>
            ) : kind === 'camera' ? (
              <div style={{ color: muted, marginBottom: 12 }}>该监控已停用，无视频</div>
            ) : null}
            <Fields rows={d.fields} />
            <Carousel images={d.images} />
            {kind === 'repair' && d.dispatchable && mayDispatch ? (
              <button
                type="button"
                style={{ ...button(true), marginTop: 14 }}
                onClick={() => onDispatch({ id: d.id, villageId: d.villageId, title: d.title })}
                data-testid="apicture-mark-dispatch"
              >
                派单
              </button>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
};
