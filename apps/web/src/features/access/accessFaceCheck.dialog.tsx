import { accessFacesApi } from '@5a/contracts/endpoints/access-faces';
import { Modal } from 'antd';
import { toolbarDialog } from '../../engine/registry/dialogs.tsx';
import { FaceCheck } from './FaceCheck.tsx';

/** 人脸核对 of the selected device (its difference and 推送差异). */
export default toolbarDialog(accessFacesApi.check, ({ ctx, onClose }) => {
  const id = Number(ctx.selectedRows[0]?.id);
  return (
    <Modal open title="人脸核对" width={820} footer={null} onCancel={onClose} destroyOnHidden>
      <FaceCheck id={id} />
    </Modal>
  );
});
