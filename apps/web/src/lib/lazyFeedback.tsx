import type { ModalFuncProps } from 'antd';
import type { ConfigOptions, JointContent, MessageInstance, MessageType, TypeOpen } from 'antd/es/message/interface';
import type { HookAPI } from 'antd/es/modal/useModal';
import type { ArgsProps as NoticeArgs, NotificationConfig, NotificationInstance } from 'antd/es/notification/interface';
import { useEffect, useMemo, useState, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { logError } from './log.ts';

/**
 * antd App's message, notification and modal hooks with their modules fetched on the first call (vite.config.ts puts
 * these hooks in App's place): the confirm dialog, Modal, Skeleton, the notification and message lists and their
 * styles (~22 kB gzip) stayed in every signed-in page's JS for feedback shown only after something happened.
 * A call made meanwhile shows as soon as its module is here; what it returns works the same at once.
 */
type Pending<Api> = { run: (api: Api) => void; text: string };
/** One App's calls waiting for an antd hook, and that hook's API once its module is here. */
export type FeedbackBox<Api> = { pending: Pending<Api>[]; api: Api | null };
export type FeedbackHostProps<Api, Config> = { box: FeedbackBox<Api>; calls: number; config: Config };
type Host<Api, Config> = ComponentType<FeedbackHostProps<Api, Config>>;
/** Runs `run` with the API now if it is here, else once it is; `text` is shown plainly should its module fail. */
type Request<Api> = (run: (api: Api) => void, text?: string) => void;

/** The network gone before the module came: the text still shows, in plain elements (global.css). */
const showPlainly = (text: string) => {
  const el = document.createElement('div');
  el.className = 'plain-notice';
  el.setAttribute('role', 'alert');
  el.textContent = text;
  document.body.append(el);
  setTimeout(() => el.remove(), 5000);
};

const textOf = (...nodes: unknown[]) =>
  nodes.filter((n): n is string | number => typeof n === 'string' || typeof n === 'number').join(' ');

const lazyFeedbackHook = <Api, Config>(
  what: string,
  load: () => Promise<Host<Api, Config>>,
  wrap: (request: Request<Api>) => Api,
) => {
  let loading: Promise<Host<Api, Config>> | null = null;
  const Holder = ({ box, calls, config }: FeedbackHostProps<Api, Config>) => {
    const [Loaded, setLoaded] = useState<Host<Api, Config> | null>(null);
    useEffect(() => {
      if (calls === 0 || Loaded) return;
      let live = true;
      loading ??= load();
      loading.then(
        (host) => {
          if (live) setLoaded(() => host);
        },
        (e: unknown) => {
          if (!live) return;
          // the next call tries again
          loading = null;
          const dropped = box.pending.splice(0);
          logError('error', `${what} could not be loaded`, String(e));
          for (const p of dropped) if (p.text) showPlainly(p.text);
        },
      );
      return () => {
        live = false;
      };
    }, [box, calls, Loaded]);
    return Loaded ? <Loaded box={box} calls={calls} config={config} /> : null;
  };
  const useLazyFeedback = (config: Config): readonly [Api, ReactElement] => {
    const [box] = useState<FeedbackBox<Api>>(() => ({ pending: [], api: null }));
    const [calls, setCalls] = useState(0);
    const api = useMemo(
      () =>
        wrap((run, text = '') => {
          if (box.api) return run(box.api);
          box.pending.push({ run, text });
          setCalls((n) => n + 1);
        }),
      [box],
    );
    return [api, <Holder box={box} calls={calls} config={config} />];
  };
  return useLazyFeedback;
};

/** A result handed out before the real one exists: calls on it wait for the real one. */
const deferred = <T,>() => {
  let real: T | null = null;
  const waiting: ((r: T) => void)[] = [];
  let resolve: (r: T) => void = () => undefined;
  const ready = new Promise<T>((r) => (resolve = r));
  return {
    ready,
    use: (op: (r: T) => void) => (real ? op(real) : void waiting.push(op)),
    bind: (r: T) => {
      real = r;
      resolve(r);
      for (const op of waiting.splice(0)) op(r);
    },
  };
};

type ModalKind = keyof HookAPI;
type ModalInstance = ReturnType<HookAPI[ModalKind]>;
const MODAL_KINDS: ModalKind[] = ['info', 'success', 'error', 'warning', 'confirm'];

export const useLazyModal = lazyFeedbackHook<HookAPI, undefined>(
  'modal',
  () => import('./feedbackHosts/modal.tsx').then((m) => m.ModalHost),
  (request) => {
    const open =
      (kind: ModalKind) =>
      (config: ModalFuncProps): ModalInstance => {
        const d = deferred<ModalInstance>();
        request((api) => d.bind(api[kind](config)));
        return {
          destroy: () => d.use((r) => r.destroy()),
          update: (c) => d.use((r) => r.update(c)),
          then: (resolve, reject) => d.ready.then((r) => r.then(resolve, reject)),
        };
      };
    return Object.fromEntries(MODAL_KINDS.map((k) => [k, open(k)])) as HookAPI;
  },
);

type MessageKind = 'info' | 'success' | 'error' | 'warning' | 'loading';
const MESSAGE_KINDS: MessageKind[] = ['info', 'success', 'error', 'warning', 'loading'];

export const useLazyMessage = lazyFeedbackHook<MessageInstance, ConfigOptions | undefined>(
  'message',
  () => import('./feedbackHosts/message.tsx').then((m) => m.MessageHost),
  (request) => {
    const show = (open: (api: MessageInstance) => MessageType, content: JointContent): MessageType => {
      const d = deferred<MessageType>();
      request((api) => d.bind(open(api)), textOf(content, (content as { content?: ReactNode } | null)?.content));
      const then: MessageType['then'] = (onDone, onFail) => d.ready.then((r) => r.then(onDone, onFail));
      return Object.assign(() => d.use((r) => r()), { then });
    };
    const typed =
      (kind: MessageKind): TypeOpen =>
      (content, duration, onClose) =>
        show((api) => api[kind](content, duration, onClose), content);
    return {
      ...(Object.fromEntries(MESSAGE_KINDS.map((k) => [k, typed(k)])) as Record<MessageKind, TypeOpen>),
      open: (args) => show((api) => api.open(args), args),
      destroy: (key) => request((api) => api.destroy(key)),
    };
  },
);

type NoticeKind = Exclude<keyof NotificationInstance, 'destroy'>;
const NOTICE_KINDS: NoticeKind[] = ['success', 'error', 'info', 'warning', 'open'];

export const useLazyNotification = lazyFeedbackHook<NotificationInstance, NotificationConfig | undefined>(
  'notification',
  () => import('./feedbackHosts/notification.tsx').then((m) => m.NotificationHost),
  (request) => ({
    ...(Object.fromEntries(
      NOTICE_KINDS.map((k) => [
        k,
        (args: NoticeArgs) => request((api) => api[k](args), textOf(args.title, args.description)),
      ]),
    ) as Record<NoticeKind, (args: NoticeArgs) => void>),
    destroy: (key) => request((api) => api.destroy(key)),
  }),
);
