import { EXTEND_MAX_DAYS, type ExtendBody, type MovedReply } from '@5a/contracts/endpoints/expiry';
import type { DialogEndpoint } from '@5a/contracts';
import { callMsg } from '../../api/call.ts';
import { toolbarDialog } from '../../engine/registry/dialogs.tsx';
import { ExpiryMoveDialog } from './ExpiryMoveDialog.tsx';

/** 延期 on an expiry list: the chosen rows end N days later (previewed from the row's `endProp`), and why is recorded. */
export const extendDialog = (endpoint: DialogEndpoint<ExtendBody, MovedReply>, endProp: string) =>
  toolbarDialog(endpoint, ({ endpoint: call, ctx, onClose, onDone }) => (
    <ExpiryMoveDialog
      title="延期"
      ctx={ctx}
      onClose={onClose}
      onDone={onDone}
      unit="days"
      max={EXTEND_MAX_DAYS}
      endProp={endProp}
      note={{ label: '延期原因', required: true, max: 200 }}
      send={(v) => callMsg(call, { ids: ctx.selectedKeys, days: v.count, reason: v.note ?? '' })}
    />
  ));
