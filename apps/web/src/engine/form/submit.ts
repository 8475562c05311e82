import type { ScreenConfig } from '@5a/contracts';
import { sendMsg } from '../../api/http.ts';
import type { FormRequest, Row, Values } from '../list/context.ts';
import { withQuery } from '../logic/search.ts';

export const NOTHING_TO_BATCH = '没有可以批量修改的数据';

/**
 * Sends a form row by mode: add {row}, childAdd {pid,row}, edit {row:{…,id}}, batch {ids,row}; the reply's msg
 * is the toast. Detail sends nothing.
 */
export const submitForm = async (config: ScreenConfig, req: FormRequest, row: Values, tabType?: string) => {
  const q = (url: string) => withQuery(url, { tab_type: tabType });
  const { urls } = config;
  const id = (req.row as Row | undefined)?.[config.rowKey];
  switch (req.mode) {
    case 'add':
      return sendMsg(q(urls.add!), { row });
    case 'childAdd':
      return sendMsg(q(urls.childAdd!), { pid: id, row });
    case 'edit':
      return sendMsg(q(urls.edit!), { row: { ...row, [config.rowKey]: id } });
    case 'batch':
      return sendMsg(q(req.api ?? urls.batch!), { ids: req.ids ?? [], row });
    default:
      return null;
  }
};
