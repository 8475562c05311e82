import { useMutation } from '@tanstack/react-query';
import { App, Modal, type FormInstance, type ModalProps } from 'antd';
import { useRef, type ReactNode } from 'react';
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
    /** the body; as a function it gets the submit (a form that submits on Enter) */
    children: ReactNode | ((submit: () => void) => ReactNode);
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
  okText = t('ok'),
  cancelText = t('cancel'),
  destroyOnHidden = true,
  children,
  ...modal
}: ActionDialogProps<V, T>) => {
  const { submit, busy } = useActionSubmit({ form, check, send, success, onClose, onDone, onError });
  const run = () => void submit();
  return (
    <Modal
      open={open}
      okText={okText}
      cancelText={cancelText}
      destroyOnHidden={destroyOnHidden}
      {...modal}
      onOk={run}
      onCancel={onClose}
      confirmLoading={busy}
    >
      {typeof children === 'function' ? children(run) : children}
    </Modal>
  );
};
