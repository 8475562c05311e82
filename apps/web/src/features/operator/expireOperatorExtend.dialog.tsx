import { expiryApi } from '@5a/contracts/endpoints/expiry';
import { extendDialog } from './extendDialog.tsx';

/** 到期运营商 · 延期 (the platform): the chosen operators' contracts end N days later. */
export default extendDialog(expiryApi.operatorExtend, 'expire_date');
