import { RENEW_MAX_YEARS, expiryApi } from '@5a/contracts/endpoints/expiry';
import { callMsg } from '../../api/call.ts';
import { toolbarDialog } from '../../engine/registry/dialogs.tsx';
import { ExpiryMoveDialog } from './ExpiryMoveDialog.tsx';

/** 到期运营商 · 续费 (the platform): the chosen operators' contracts run N more years. */
export default toolbarDialog(expiryApi.operatorRenew, ({ endpoint, ctx, onClose, onDone }) => (
  <ExpiryMoveDialog
    title="续费"
    ctx={ctx}
    onClose={onClose}
    onDone={onDone}
    unit="years"
    max={RENEW_MAX_YEARS}
    endProp="expire_date"
    note={{ label: '备注', required: false, max: 100 }}
    send={(v) => callMsg(endpoint, { ids: ctx.selectedKeys, years: v.count, remark: v.note })}
  />
));
