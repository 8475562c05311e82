import { beforeEach, describe, expect, it } from 'vitest';
import type { Alert } from './api.ts';
import { useNoticeStore } from './store.ts';

const alert = (id: number, is_read = 2): Alert & { is_read: number } => ({ id, title: `告警${id}`, type: 2, village_id: 1, village_name: '阳光花园', original_content: '', handled: 2, create_time: '', is_read });
const ids = () => useNoticeStore.getState().queue.map((a) => a.id);

describe('abnormal dialog queue', () => {
  beforeEach(() => useNoticeStore.getState().reset());

  it('alerts there at sign-in do not pop; a later poll pops the new unseen ones once', () => {
    const s = useNoticeStore.getState();
    s.offerPolled([alert(3), alert(2)]);
    expect(ids()).toEqual([]);
    s.offerPolled([alert(5), alert(4, 1), alert(3)]);
    expect(ids()).toEqual([5]);
    s.offerPolled([alert(5)]);
    expect(ids()).toEqual([5]);
  });

  it('a streamed alert pops at once and the poll does not queue it again; dismiss shows the next', () => {
    const s = useNoticeStore.getState();
    s.offerPolled([]);
    s.offer([alert(7)]);
    s.offer([alert(8)]);
    s.offerPolled([alert(8), alert(7)]);
    expect(ids()).toEqual([7, 8]);
    useNoticeStore.getState().dismiss();
    expect(ids()).toEqual([8]);
  });
});

describe('opening an alert from the workbench', () => {
  beforeEach(() => useNoticeStore.getState().reset());
  it('shows it after the one open now, even when it was shown before', () => {
    const s = useNoticeStore.getState();
    s.offer([alert(1), alert(2)]);
    s.show(alert(2));
    expect(ids()).toEqual([1, 2]);
    s.show(alert(9));
    expect(ids()).toEqual([1, 9, 2]);
    useNoticeStore.getState().reset();
    useNoticeStore.getState().show(alert(1));
    expect(ids()).toEqual([1]);
  });
});
