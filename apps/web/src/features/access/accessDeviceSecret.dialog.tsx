import { useState } from 'react';
import { accessApi, type AccessDeviceSecret } from '@5a/contracts/endpoints/access';
import { callMsg } from '../../api/call.ts';
import { ActionDialog } from '../../engine/dialog/ActionDialog.tsx';
import { toolbarDialog } from '../../engine/registry/dialogs.tsx';
import { SecretShown } from './SecretShown.tsx';

/** 重置密钥 (one selected device): its old secret stops signing at once, the new one is shown once. */
export default toolbarDialog(accessApi.resetSecret, ({ endpoint, ctx, onClose, onDone }) => {
  const [issued, setIssued] = useState<AccessDeviceSecret | null>(null);
  const device = ctx.selectedRows[0] ?? {};
  if (issued)
    return (
      <SecretShown
        issued={issued}
        onClose={() => {
          onDone();
          onClose();
        }}
      />
    );
  return (
    <ActionDialog
      title="重置密钥"
      okText="重置"
      okButtonProps={{ danger: true, 'data-testid': 'secret-reset' }}
      send={async () => {
        setIssued((await callMsg(endpoint, { id: Number(device.id) })).data);
        return null;
      }}
      success="已重置"
      onClose={onClose}
    >
      <p>
        重置“{String(device.name ?? '')}”（{String(device.gateno ?? '')}
        ）的签名密钥？旧密钥立即失效，设备须写入新密钥后才能继续上报。
      </p>
    </ActionDialog>
  );
});
