import { beforeEach, describe, expect, it } from 'vitest';
import type { Alert } from './api.ts';
import { useNoticeStore } from './store.ts';

const alert = (id: number, is_read = 2): Alert & { is_read: number } => ({
  id,
  title: `告警${id}`,
  type: 2,
  village_id: 1,
  village_name: '阳光花园',
  original_content: '',
  handled: 2,
  create_time: '',
  is_read,
});
const ids = () => useNoticeStore.getState().queue.map((a) => a.id);
const announced = () => useNoticeStore.getState().incoming.map((a) => a.id);

describe('announcing new alerts', () => {
  beforeEach(() => useNoticeStore.getState().reset());

  it('alerts there at sign-in are not announced; a later poll announces the new unseen ones once', () => {
    const s = useNoticeStore.getState();
    s.offerPolled([alert(3), alert(2)]);
    expect(announced()).toEqual([]);
    s.offerPolled([alert(5), alert(4, 1), alert(3)]);
    expect(announced()).toEqual([5]);
    s.offerPolled([alert(5)]);
    expect(announced()).toEqual([5]);
  });

  it('a streamed alert is announced at once and the poll does not announce it again; taking hands them over once', () => {
    const s = useNoticeStore.getState();
    s.offerPolled([]);
    s.offer([alert(7)]);
    s.offer([alert(8)]);
    s.offerPolled([alert(8), alert(7)]);
    expect(
      useNoticeStore
        .getState()
        .takeIncoming()
        .map((a) => a.id),
    ).toEqual([7, 8]);
    expect(useNoticeStore.getState().takeIncoming()).toEqual([]);
    expect(ids()).toEqual([]);
  });
});

describe('opening an alert from the workbench', () => {
  beforeEach(() => useNoticeStore.getState().reset());
  it('shows it after the one open now, once', () => {
    const s = useNoticeStore.getState();
    s.show(alert(1));
    s.show(alert(2));
    expect(ids()).toEqual([1, 2]);
    s.show(alert(2));
    expect(ids()).toEqual([1, 2]);
    s.show(alert(9));
    expect(ids()).toEqual([1, 9, 2]);
    useNoticeStore.getState().dismiss();
    expect(ids()).toEqual([9, 2]);
    useNoticeStore.getState().reset();
    useNoticeStore.getState().show(alert(1));
    expect(ids()).toEqual([1]);
  });
});
