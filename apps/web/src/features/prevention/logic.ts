import {
  needsDates,
  passAllowed,
  passForCode,
  underControl,
  PASS_STATUSES,
  type ControlBody,
} from '@5a/contracts/endpoints/prevention';
import type { Dayjs } from 'dayjs';

/** the 防控 form's values as antd holds them */
export type ControlForm = {
  tags: string[];
  health_code?: number;
  pass_status?: number;
  start_time?: Dayjs | null;
  end_time?: Dayjs | null;
};

/** which parts of the form show: health and passage with the prevention tag, dates for a code above green */
export const visibleParts = (v: Pick<ControlForm, 'tags' | 'health_code'>) => {
  const control = underControl(v.tags);
  return { control, dates: control && needsDates(Number(v.health_code ?? 1)) };
};

/** the pass status choices for a code: 正常通行 disabled for yellow and red, the others for green */
export const passOptions = (code: number | undefined) =>
  PASS_STATUSES.map((o) => ({ ...o, disabled: code !== undefined && !passAllowed(code, o.value) }));

/** what a new code does to the pass status chosen */
export const passAfterCode = passForCode;

/** the body sent: the tags comma-joined, the control only with the prevention tag, dates only above green */
export const controlBody = (id: number, v: ControlForm): ControlBody => {
  const parts = visibleParts(v);
  return {
    id,
    tags: v.tags.join(','),
    ...(parts.control ? { health_code: v.health_code ?? null, pass_status: v.pass_status ?? null } : {}),
    ...(parts.dates
      ? {
          start_time: v.start_time ? v.start_time.format('YYYY-MM-DD') : null,
          end_time: v.end_time ? v.end_time.format('YYYY-MM-DD') : null,
        }
      : {}),
  };
};

/** 1 green, 2 yellow, 3 red: the slot's colour; a masked or unknown value has none */
export const healthColor = (v: unknown): 'green' | 'gold' | 'red' | undefined =>
  (({ 1: 'green', 2: 'gold', 3: 'red' }) as const)[Number(v) as 1 | 2 | 3];
