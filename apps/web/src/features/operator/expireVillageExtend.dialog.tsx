import { EXTEND_MAX_DAYS, expiryApi } from '@5a/contracts/endpoints/expiry';
import { callMsg } from '../../api/call.ts';
import { toolbarDialog } from '../../engine/registry/dialogs.tsx';
import { ExpiryMoveDialog } from './ExpiryMoveDialog.tsx';

/** 到期小区 · 延期: the chosen villages get an end of their own, N days after their effective one. */
export default toolbarDialog(expiryApi.villageExtend, ({ endpoint, ctx, onClose, onDone }) => (
  <ExpiryMoveDialog
    title="延期"
    ctx={ctx}
    onClose={onClose}
    onDone={onDone}
    unit="days"
    max={EXTEND_MAX_DAYS}
    endProp="effective_expire"
    note={{ label: '延期原因', required: true, max: 200 }}
    send={(v) => callMsg(endpoint, { ids: ctx.selectedKeys, days: v.count, reason: v.note ?? '' })}
  />
));
