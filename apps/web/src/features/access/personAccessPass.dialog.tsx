import { accessFacesApi } from '@5a/contracts/endpoints/access-faces';
import { credentialsDialog } from './PersonCredentials.tsx';

/** 人脸与门禁凭证 on 住户管理 */
export default credentialsDialog(accessFacesApi, '住户');
