import { dashboardApi } from '@5a/contracts/endpoints/dashboard';
import { useMutation, useQuery } from '@tanstack/react-query';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { callMsg, call } from '../../api/call.ts';
import { useStage } from '../bigscreen/index.ts';
import { wireTime } from './logic.ts';
import { SideBox } from './panels.tsx';
import { button, input, muted } from './styles.ts';

/** what 派单 sends: an alert (a new work order) or a work order of a village */
export type DispatchTarget = { source: 'alert' | 'repair'; id: number; villageId: number; title: string };

const row = { display: 'flex', flexDirection: 'column', gap: 6, marginBottom: 12 } as const;

/**
 * 派单: a worker of the target's village, what to do, when it must be done (and optionally the working window).
 * Sent as the repair module's 派单 (a real work order, in the repair list afterwards); the server names any field it
 * refuses and writes nothing then.
 */
export const DispatchPanel = ({
  target,
  onDone,
  onClose,
}: {
  target: DispatchTarget;
  onDone: (orderId: number) => void;
  onClose: () => void;
}) => {
  const { stage } = useStage();
  const workers = useQuery({
    queryKey: ['apicture-workers', target.villageId],
    queryFn: () => call(dashboardApi.apictureWorkers, { vid: target.villageId }),
  });
  const [personid, setPersonid] = useState(0);
  const [content, setContent] = useState(target.source === 'alert' ? `处理预警：${target.title}` : '');
  const [wctime, setWctime] = useState<Dayjs | null>(() => dayjs().add(1, 'day').startOf('hour'));
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [done, setDone] = useState('');
  const send = useMutation({
    mutationFn: () =>
      callMsg(dashboardApi.apictureDispatch, {
        source: target.source,
        id: target.id,
        personid,
        content: content.trim(),
        wctime: wctime ? wireTime(wctime.toDate()) : '',
        ...(range?.[0] ? { stime: wireTime(range[0].toDate()) } : {}),
        ...(range?.[1] ? { etime: wireTime(range[1].toDate()) } : {}),
      }),
    onSuccess: (r) => {
      setDone(`${r.msg || '派单成功'}，工单 #${r.data.order_id}`);
      onDone(r.data.order_id);
    },
  });
  const missing = !personid
    ? '请选择维修人员'
    : !content.trim()
      ? '请填写派单内容'
      : !wctime
        ? '请选择要求完成时间'
        : '';
  const popup = () => stage ?? document.body;
  return (
    <SideBox title="派单" onClose={onClose} testId="apicture-dispatch">
      <div style={{ color: muted, marginBottom: 12 }} data-testid="apicture-dispatch-target">
        {target.source === 'alert' ? '预警' : '工单'}：{target.title}
      </div>
      <label style={row}>
        <span>维修人员</span>
        <select
          value={personid}
          onChange={(e) => setPersonid(Number(e.target.value))}
          style={input}
          data-testid="apicture-dispatch-worker"
        >
          <option value={0}>{workers.isPending ? '加载中…' : '请选择'}</option>
          {workers.data?.map((w) => (
            <option key={w.value} value={w.value}>
              {w.label}
            </option>
          ))}
        </select>
      </label>
      <label style={row}>
        <span>派单内容</span>
        <textarea
          value={content}
          onChange={(e) => setContent(e.target.value)}
          maxLength={500}
          rows={3}
          style={{ ...input, height: 'auto', padding: 8, resize: 'none' }}
          data-testid="apicture-dispatch-content"
        />
      </label>
      <div style={row}>
        <span>要求完成时间</span>
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          value={wctime}
          onChange={setWctime}
          getPopupContainer={popup}
          data-testid="apicture-dispatch-wctime"
        />
      </div>
      <div style={row}>
        <span>工作时间（选填）</span>
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          value={range}
          onChange={(v) => setRange(v)}
          getPopupContainer={popup}
        />
      </div>
      {done ? (
        <div style={{ color: '#4be3a5', marginBottom: 10 }} data-testid="apicture-dispatch-done">
          {done}
        </div>
      ) : null}
      <button
        type="button"
        style={{ ...button(true), width: '100%', opacity: send.isPending || !!done ? 0.6 : 1 }}
        disabled={send.isPending || !!done}
        onClick={() => {
          if (!missing) send.mutate();
        }}
        title={missing || undefined}
        data-testid="apicture-dispatch-send"
      >
        派单
      </button>
      {missing && !done ? <div style={{ color: muted, marginTop: 8, fontSize: 13 }}>{missing}</div> : null}
    </SideBox>
  );
};
