import { workerAccessApi } from '@5a/contracts/endpoints/access-faces';
import { credentialsDialog } from './PersonCredentials.tsx';

/** 人脸与门禁凭证 on 员工管理: a staff member's face, QR code and door card */
export default credentialsDialog(workerAccessApi, '员工');
