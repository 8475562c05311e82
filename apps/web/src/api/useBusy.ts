import { useCallback, useState } from 'react';

/**
 * A call behind a busy flag (a dialog's confirmLoading): failures were already toasted by the api
 * client, so they end quietly and the dialog stays open.
 */
export const useBusy = () => {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      /* toasted by the api client */
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, run };
};
