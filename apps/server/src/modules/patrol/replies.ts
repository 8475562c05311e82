import { z } from 'zod';

/** The replies of the patrol module's own calls, as the serializer checks them and /docs shows them. */
const int = () => z.number().int();
const verdict = int().describe('1 准时 / 2 迟到 / 3 错误点位 / 4 不在巡更时段');

export const qrListReply = z.array(
  z.object({
    id: int(),
    name: z.string(),
    point_no: z.string(),
    village_name: z.string(),
    point_type_name: z.string(),
  }),
);

export const staffOptionsReply = z.array(z.object({ value: int(), label: z.string() }));
export const sendReply = z.object({ tasks: int().describe('生成的任务数') });

const taskView = z.object({
  id: int(),
  route_name: z.string(),
  task_date: z.string(),
  window: z.string().describe('HH:mm-HH:mm'),
  status: int().describe('0 待巡更 / 1 巡更中 / 2 已完成 / 3 已漏巡'),
  status_text: z.string(),
  points_total: int(),
  points_done: int(),
  points: z.array(z.object({ id: int(), name: z.string(), done: z.boolean() })),
});

export const pointReply = z.object({
  point: z.object({
    id: int(),
    name: z.string(),
    point_no: z.string(),
    village_name: z.string(),
    state: int(),
  }),
  task: taskView.nullable().describe('本人此刻的巡更任务，不在巡更时段为 null'),
  done: z.boolean().describe('该任务已准时巡过此点位'),
});

export const checkinReply = z.object({
  id: int(),
  verdict,
  verdict_text: z.string(),
  task: taskView.nullable(),
});

export const tasksTodayReply = z.object({
  date: z.string().describe('YYYY-MM-DD'),
  tasks: z.array(taskView).describe('按时段先后'),
});

export const idReply = z.object({ id: int() });

export const taskDetailReply = z.object({
  id: int(),
  status: int(),
  status_text: z.string(),
  points: z.array(
    z.object({
      seq: int(),
      id: int(),
      name: z.string(),
      point_no: z.string(),
      checked_at: z.string().describe('未巡为空'),
      verdict: verdict.nullable(),
      verdict_text: z.string(),
    }),
  ),
  missed: z.array(z.string()).describe('漏巡点位（已漏巡的任务）'),
});

export const countReply = z.object({ count: int() });

const counts = z.object({
  total: int(),
  completed: int(),
  missed: int(),
  rate: z.number().describe('完成率 %，两位小数'),
});
export const reportReply = z.object({
  start_date: z.string(),
  end_date: z.string(),
  summary: counts,
  byGuard: z.array(counts.extend({ worker_id: int(), worker_name: z.string() })),
  byRoute: z.array(counts.extend({ route_id: int(), route_name: z.string(), village_name: z.string() })),
  byWeek: z.array(counts.extend({ week: z.string().describe('该周周一 YYYY-MM-DD') })),
  villages: z.array(z.object({ id: int(), name: z.string() })),
});
