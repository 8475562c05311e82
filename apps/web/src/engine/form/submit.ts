import type { ScreenConfig } from '@5a/contracts';
import { sendMsg } from '../../api/http.ts';
import type { FormRequest, Row, Values } from '../list/context.ts';
import { withQuery } from '../logic/search.ts';

export const NOTHING_TO_BATCH = '没有可以批量修改的数据';

/** Sends a form row by mode: add {row}, childAdd {pid,row}, edit {row:{…,id}}, batch {ids,row}. */
export const submitForm = async (
  config: ScreenConfig,
  req: FormRequest,
  row: Values,
  tabType?: string,
): Promise<string> => {
  const q = (url: string) => withQuery(url, { tab_type: tabType });
  const { urls } = config;
  const id = (req.row as Row | undefined)?.[config.rowKey];
  let out: { msg: string };
  switch (req.mode) {
    case 'add':
      out = await sendMsg(q(urls.add!), { row });
      break;
    case 'childAdd':
      out = await sendMsg(q(urls.childAdd!), { pid: id, row });
      break;
    case 'edit':
      out = await sendMsg(q(urls.edit!), { row: { ...row, [config.rowKey]: id } });
      break;
    case 'batch':
      out = await sendMsg(q(req.api ?? urls.batch!), { ids: req.ids ?? [], row });
      break;
    default:
      return '';
  }
  return out.msg && out.msg !== 'success' ? out.msg : '保存成功!';
};
