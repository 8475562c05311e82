import type { UseQueryResult } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useEffect, useRef } from 'react';

type SeedValues<V> = Parameters<FormInstance<V>['setFieldsValue']>[0];

/**
 * A settings dialog's form, filled once from what the server says now. An answer cached by an earlier
 * opening is not used (it may predate a save), and a later refetch — the save's own refresh — never
 * overwrites what the user has changed since. Returns that fresh answer, and whether the dialog is still
 * waiting for it (a failed fetch is not waiting: the api client has said why).
 */
export const useFormSeed = <V, D>(
  form: FormInstance<V>,
  query: UseQueryResult<D>,
  toValues: (data: D) => SeedValues<V>,
): { fresh: D | undefined; loading: boolean } => {
  const seeded = useRef(false);
  const fresh = query.isFetchedAfterMount ? query.data : undefined;
  useEffect(() => {
    if (fresh === undefined || seeded.current) return;
    seeded.current = true;
    form.setFieldsValue(toValues(fresh));
  }, [fresh, form, toValues]);
  return { fresh, loading: fresh === undefined && !query.isError };
};
