import type { HookCtx, Row } from '../../core/engine/types.ts';
import { maskPhone } from './format.ts';
import { logSensitiveViews, scopeOfCaller } from './service.ts';

/**
 * Rows carrying someone's phone, as a list shows them: masked for a caller without the sensitive right; with it,
 * shown and each row's view logged like a resident's (the log's `field` says whose id it is, e.g. 'visitor:phone').
 */
export const phonesAsAllowed =
  (sensitivePerm: string, field: string) =>
  <R extends Row>({ db, caller }: Pick<HookCtx, 'db' | 'caller'>, rows: R[]): R[] => {
    if (!rows.length) return rows;
    const s = scopeOfCaller(caller);
    if (!s.perms.has(sensitivePerm)) return rows.map((r) => ({ ...r, phone: maskPhone(String(r.phone ?? '')) }));
    logSensitiveViews(
      db,
      s,
      rows.map((r) => Number(r.id)),
      field,
    );
    return rows;
  };
