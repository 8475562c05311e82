import { expiryApi } from '@5a/contracts/endpoints/expiry';
import { extendDialog } from './extendDialog.tsx';

/** 到期小区 · 延期: the chosen villages get an end of their own, N days after their effective one. */
export default extendDialog(expiryApi.villageExtend, 'effective_expire');
