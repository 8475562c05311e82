import { successText } from '../../api/envelope.ts';

/** What an action dialog's call answers: `sendMsg`'s data and the server's msg. */
export type Sent<T = unknown> = { data: T; msg: string };

/** The toast after a call: the server's msg, else this text; or the exact text made from the reply. */
export type SuccessText<T> = string | ((reply: Sent<T>) => string);

export const successOf = <T>(success: SuccessText<T>, reply: Sent<T>) =>
  typeof success === 'string' ? successText(reply.msg, success) : success(reply);

/** Set while a submit runs: a second click meanwhile (even while the form validates) sends nothing. */
export type SubmitLock = { current: boolean };

export type SubmitSteps<V> = {
  /** the form's validation; rejects when a field is wrong (the form shows why) */
  validate: () => Promise<V>;
  /** why the values must not be sent (shown as a warning), or nothing */
  check?: (values: V) => string | undefined;
  warn: (text: string) => void;
  send: (values: V) => Promise<unknown>;
};

/**
 * Validate, check, send — once at a time. Never rejects: a wrong field shows on the form, a refusal is
 * warned, a failed call was already toasted by the api client; in each case the dialog stays open as it was.
 */
export const runSubmit = async <V>(lock: SubmitLock, steps: SubmitSteps<V>): Promise<void> => {
  if (lock.current) return;
  lock.current = true;
  try {
    const values = await steps.validate();
    const refusal = steps.check?.(values);
    if (refusal) steps.warn(refusal);
    else await steps.send(values);
  } catch {
    /* shown by the form or the api client */
  } finally {
    lock.current = false;
  }
};
