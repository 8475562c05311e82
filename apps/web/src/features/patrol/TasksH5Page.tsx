import { CameraOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Progress, Result, Spin, Tag } from 'antd';
import { useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from '../../lib/router.tsx';
import { patrolApi } from '@5a/contracts/endpoints/patrol';
import { call } from '../../api/call.ts';
import { login } from '../../api/endpoints.ts';
import { toFileUrl } from '../../engine/cells/fileUrl.ts';
import { shrinkImage } from '../../engine/inputs/shrink.ts';
import { uploadFile } from '../../engine/inputs/upload.ts';
import { useAuthStore } from '../../store/auth.ts';
import {
  pointIdOf,
  progressOf,
  verdictColor,
  type CheckinReply,
  type PatrolTaskView,
  type PointOfMoment,
} from './tasks.ts';

// a phone-sized column of cards; no shell, no menu
const css = `
.h5p { max-width: 480px; margin: 0 auto; padding: 16px; min-height: 100vh; box-sizing: border-box; background: #f3f5f8; font-size: 15px; }
.h5p-card { background: #fff; border-radius: 10px; padding: 16px; margin-bottom: 12px; box-shadow: 0 1px 3px rgba(0,0,0,.06); }
.h5p-card h2 { margin: 0 0 6px; font-size: 20px; }
.h5p-meta { color: #666; font-size: 13px; }
.h5p-points { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 10px; }
.h5p-field { margin-bottom: 12px; }
.h5p-photo { width: 96px; height: 96px; object-fit: cover; border-radius: 6px; display: block; margin-top: 8px; }
`;

/** Signs in on the phone with the same login as the web back office, then stays on the point. */
const H5Login = () => {
  const signIn = useAuthStore((s) => s.signIn);
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!user.trim() || !password) {
      setError(!user.trim() ? '请输入用户名' : '请输入密码');
      return;
    }
    setBusy(true);
    setError('');
    try {
      signIn(await login('web', user.trim(), password), '/login');
    } catch (err) {
      setError(err instanceof Error ? err.message : '登录失败');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="h5p-card" onSubmit={(e) => void submit(e)} data-testid="h5-login">
      <h2>巡更签到</h2>
      <p className="h5p-meta">请先登录巡更人员账号</p>
      <div className="h5p-field">
        <Input
          size="large"
          placeholder="用户名"
          value={user}
          onChange={(e) => setUser(e.target.value)}
          name="username"
        />
      </div>
      <div className="h5p-field">
        <Input.Password
          size="large"
          placeholder="密码"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          name="password"
        />
      </div>
      {error ? <Alert type="error" message={error} style={{ marginBottom: 12 }} /> : null}
      <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid="h5-login-submit">
        登录
      </Button>
    </form>
  );
};

const TaskCard = ({ task }: { task: PatrolTaskView }) => {
  const p = progressOf(task);
  return (
    <div className="h5p-card" data-testid="h5-task">
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <strong>{task.route_name}</strong>
        <Tag
          color={task.status === 2 ? 'success' : task.status === 3 ? 'error' : 'processing'}
          data-testid="h5-task-status"
        >
          {task.status_text}
        </Tag>
      </div>
      <div className="h5p-meta">
        {task.task_date} {task.window}
      </div>
      <Progress percent={p.percent} size="small" format={() => p.text} />
      <div className="h5p-points">
        {task.points.map((x) => (
          <Tag key={x.id} color={x.done ? 'success' : 'default'}>
            {x.done ? '✓ ' : ''}
            {x.name}
          </Tag>
        ))}
      </div>
    </div>
  );
};

/** The photo is optional: one picture, shrunk like the back office's uploads, stored before the check-in. */
const PhotoField = ({ value, onChange }: { value: string; onChange: (v: string) => void }) => {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError('');
    const body = await shrinkImage(file).catch(() => file);
    const out = await uploadFile(body, file.name);
    setBusy(false);
    if (out.ok) onChange(out.path);
    else setError(out.error);
  };
  return (
    <div className="h5p-field">
      <div className="h5p-meta" style={{ marginBottom: 6 }}>
        现场照片（选填）
      </div>
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        onChange={(e) => void pick(e.target.files?.[0])}
        data-testid="h5-photo-input"
      />
      <Button icon={<CameraOutlined />} loading={busy} onClick={() => input.current?.click()}>
        {value ? '重新拍照' : '拍照 / 选择照片'}
      </Button>
      {error ? <Alert type="error" message={error} style={{ marginTop: 8 }} /> : null}
      {value ? <img className="h5p-photo" src={toFileUrl(value)} alt="现场照片" /> : null}
    </div>
  );
};

const CheckinPanel = ({ pointId, data }: { pointId: number; data: PointOfMoment }) => {
  const qc = useQueryClient();
  const [photo, setPhoto] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [reply, setReply] = useState<CheckinReply | null>(null);
  const [error, setError] = useState('');
  const checkin = async () => {
    setBusy(true);
    setError('');
    try {
      const r = await call(patrolApi.checkin, { point_id: pointId, photo, note }, { silent: true });
      setReply(r);
      setPhoto('');
      setNote('');
      await qc.invalidateQueries({ queryKey: ['patrol', 'h5', pointId] });
    } catch (e) {
      setError(e instanceof Error ? e.message : '签到失败');
    } finally {
      setBusy(false);
    }
  };
  const disabled = data.point.state !== 1;
  return (
    <>
      {reply ? (
        <div className="h5p-card" data-testid="h5-verdict">
          <Result
            status={
              verdictColor(reply.verdict) === 'success'
                ? 'success'
                : verdictColor(reply.verdict) === 'warning'
                  ? 'warning'
                  : 'error'
            }
            title={reply.verdict_text}
            subTitle={reply.task ? `${reply.task.route_name} · ${progressOf(reply.task).text}` : '本次签到已记录'}
            style={{ padding: 8 }}
          />
        </div>
      ) : null}
      {data.task ? (
        <TaskCard task={data.task} />
      ) : (
        <Alert
          type="info"
          showIcon
          message="当前不在您的巡更时段"
          style={{ marginBottom: 12 }}
          data-testid="h5-no-task"
        />
      )}
      <div className="h5p-card">
        {disabled ? <Alert type="warning" message="该点位已停用" style={{ marginBottom: 12 }} /> : null}
        <PhotoField value={photo} onChange={setPhoto} />
        <div className="h5p-field">
          <Input.TextArea
            rows={2}
            maxLength={255}
            placeholder="备注（选填）"
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
        {error ? <Alert type="error" message={error} style={{ marginBottom: 12 }} /> : null}
        <Button
          type="primary"
          size="large"
          block
          loading={busy}
          disabled={disabled}
          onClick={() => void checkin()}
          data-testid="h5-checkin"
        >
          {data.done ? '再次签到' : '签到'}
        </Button>
      </div>
    </>
  );
};

/** Opened without a point (from the home screen, not a QR code): the guard's tasks of today, points done and left. */
const TodayTasks = () => {
  const q = useQuery({
    queryKey: ['patrol', 'h5', 'today'],
    queryFn: () => call(patrolApi.today, {}, { silent: true }),
    retry: false,
    staleTime: 0,
  });
  if (q.isPending)
    return (
      <div style={{ textAlign: 'center', padding: 48 }}>
        <Spin />
      </div>
    );
  if (q.isError) return <Result status="warning" title={q.error.message} data-testid="h5-error" />;
  const open = q.data.tasks.filter((t) => t.status === 0 || t.status === 1).length;
  return (
    <>
      <div className="h5p-card" data-testid="h5-today">
        <h2>今日巡更</h2>
        <div className="h5p-meta">
          {q.data.date} · 共 {q.data.tasks.length} 个任务，待完成 {open} 个 · 到达点位后扫描点位上的二维码签到
        </div>
      </div>
      {q.data.tasks.length ? (
        q.data.tasks.map((t) => <TaskCard key={t.id} task={t} />)
      ) : (
        <Alert type="info" showIcon message="今天没有您的巡更任务" data-testid="h5-no-task" />
      )}
    </>
  );
};

/** /h5/patrol?point=<id>: what a guard's phone opens from a point's QR code — the point, his task, 签到. */
export const TasksH5Page = () => {
  const token = useAuthStore((s) => s.token);
  const [params] = useSearchParams();
  const pointId = pointIdOf(params.get('point'));
  const q = useQuery({
    queryKey: ['patrol', 'h5', pointId],
    queryFn: () => call(patrolApi.point, { point_id: pointId! }, { silent: true }),
    enabled: !!token && pointId !== null,
    retry: false,
    staleTime: 0,
  });
  const body = !token ? (
    <H5Login />
  ) : pointId === null && !params.get('point') ? (
    <TodayTasks />
  ) : pointId === null ? (
    <Result status="warning" title="二维码无效" subTitle="请扫描巡更点位上的二维码" />
  ) : q.isPending ? (
    <div style={{ textAlign: 'center', padding: 48 }}>
      <Spin />
    </div>
  ) : q.isError ? (
    <Result status="error" title={q.error.message} data-testid="h5-error" />
  ) : (
    <>
      <div className="h5p-card" data-testid="h5-point">
        <h2>{q.data.point.name}</h2>
        <div className="h5p-meta">
          编号：{q.data.point.point_no} · {q.data.point.village_name}
        </div>
      </div>
      <CheckinPanel pointId={pointId} data={q.data} />
    </>
  );
  return (
    <div className="h5p">
      <style>{css}</style>
      {body}
    </div>
  );
};
