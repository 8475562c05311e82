import { useMutation } from '@tanstack/react-query';
import { App, Modal, type FormInstance, type ModalProps } from 'antd';
import { useEffect, useRef, type ReactNode, type SyntheticEvent } from 'react';
import { runSubmit, successOf, type Sent, type SuccessText } from './actionSubmit.ts';
import { t } from '../../lib/i18n.ts';

export type ActionSubmit<V, T> = {
  /** validated first; its values go to `check` and `send` (without a form they are undefined) */
  form?: FormInstance<V>;
  /** why the values must not be sent: warned, nothing sent, the dialog stays */
  check?: (values: V) => string | undefined;
  /** the call; null when nothing is finished (nothing to send, or the reply moved the dialog on) */
  send: (values: V) => Promise<Sent<T> | null>;
  success: SuccessText<T>;
  onClose: () => void;
  /** refreshes what the dialog came from (the list's reload, a query invalidation); awaited before closing */
  onDone?: () => unknown;
  /** a failed call, beyond the api client's toast of the server's msg (a field it named) */
  onError?: (error: unknown) => void;
};

/**
 * An action dialog's submit: validate, check, send through a mutation (its pending state is the busy flag,
 * and a second click while one runs sends nothing), then toast, refresh and close. A failed call keeps the
 * dialog open with what was typed; the api client has shown the server's msg.
 */
export const useActionSubmit = <V, T>({ form, check, send, success, onClose, onDone, onError }: ActionSubmit<V, T>) => {
  const { message } = App.useApp();
  const lock = useRef(false);
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: async (reply) => {
      if (!reply) return;
      void message.success(successOf(success, reply));
      await onDone?.();
      onClose();
    },
    onError: (e) => onError?.(e),
  });
  const submit = () =>
    runSubmit(lock, {
      validate: () => (form ? form.validateFields() : Promise.resolve(undefined as V)),
      check,
      warn: (text) => void message.warning(text),
      send: mutation.mutateAsync,
    });
  return { submit, busy: mutation.isPending };
};

type ModalRest = Omit<ModalProps, 'open' | 'onOk' | 'onCancel' | 'confirmLoading' | 'children'>;

export type ActionDialogProps<V, T> = ActionSubmit<V, T> &
  ModalRest & {
    /** most dialogs are mounted when opened; a kept-mounted one passes its state */
    open?: boolean;
    /**
     * typed changes are kept from Esc and reloads (a data form); off where the form's values are only
     * the means of a call already made (a payment that went through)
     */
    keepChanges?: boolean;
    /** the body; as a function it gets the submit (a form that submits on Enter) */
    children: ReactNode | ((submit: () => void) => ReactNode);
  };

export const DISCARD_CONFIRM = '有未保存的修改，确定要放弃吗？';

/** the footer's 取消 is a deliberate choice; Esc, the close icon and a click beside the dialog may be slips */
const isCancelButton = (e: SyntheticEvent) =>
  e.type === 'click' && !!(e.target as HTMLElement | null)?.closest?.('.ant-modal-footer');

/**
 * Typed changes are not thrown away unasked: while the form has touched fields, Esc (or the close
 * icon) asks first and reloading or leaving the page asks through the browser's own prompt.
 */
const useKeepChanges = <V,>(form: FormInstance<V> | undefined, open: boolean, onClose: () => void) => {
  const { modal } = App.useApp();
  const touched = () => !!form && form.isFieldsTouched();
  useEffect(() => {
    if (!open || !form) return;
    const stay = (e: BeforeUnloadEvent) => {
      if (!form.isFieldsTouched()) return;
      e.preventDefault();
      // older browsers show the prompt only when returnValue is set
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', stay);
    return () => window.removeEventListener('beforeunload', stay);
  }, [form, open]);
  return (e: SyntheticEvent) => {
    if (isCancelButton(e) || !touched()) return onClose();
    modal.confirm({
      title: '提示',
      content: DISCARD_CONFIRM,
      okText: '放弃修改',
      cancelText: '继续编辑',
      onOk: onClose,
    });
  };
};

/** The one shell of an action dialog: antd's Modal, 确定 submitting through `useActionSubmit`, 取消 closing. */
export const ActionDialog = <V, T>({
  form,
  check,
  send,
  success,
  onClose,
  onDone,
  onError,
  open = true,
  keepChanges = false,
  okText = t('ok'),
  cancelText = t('cancel'),
  destroyOnHidden = true,
  children,
  ...modal
}: ActionDialogProps<V, T>) => {
  const { submit, busy } = useActionSubmit({ form, check, send, success, onClose, onDone, onError });
  const run = () => void submit();
  const cancel = useKeepChanges(keepChanges ? form : undefined, open, onClose);
  return (
    <Modal
      open={open}
      okText={okText}
      cancelText={cancelText}
      destroyOnHidden={destroyOnHidden}
      {...modal}
      onOk={run}
      onCancel={cancel}
      confirmLoading={busy}
    >
      {typeof children === 'function' ? children(run) : children}
    </Modal>
  );
};
