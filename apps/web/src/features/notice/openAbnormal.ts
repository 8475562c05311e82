import { getAbnormalDetail } from './api.ts';
import { useNoticeStore } from './store.ts';

/** Opens one alert in the abnormal dialog (the workbench's 异常列表); reading it marks it seen. */
export const openAbnormal = async (id: number) => {
  const alert = await getAbnormalDetail(id);
  useNoticeStore.getState().show(alert);
};
