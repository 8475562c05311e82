import { expiryApi } from '@5a/contracts/endpoints/expiry';
import { extendDialog } from './extendDialog.tsx';

/** 到期物业公司 · 延期 (the platform): the chosen companies' subscriptions end N days later. */
export default extendDialog(expiryApi.tenantExtend, 'service_expire');
