import type { DialogEndpoint } from '@5a/contracts';
import type { ComponentType } from 'react';
import type { ListContext } from '../list/context.ts';
import { lazyComponent } from './lazyComponent.tsx';
import { warnOnce } from './warnOnce.ts';

type AnyDialogEndpoint = DialogEndpoint<unknown, unknown>;

/** What a toolbar dialog gets: its call (typed, so a wrong body does not compile), the list, close and done. */
export type ToolbarDialogProps<E extends AnyDialogEndpoint> = {
  endpoint: E;
  ctx: ListContext;
  onClose: () => void;
  /** after a successful call: the list reloads */
  onDone: () => void;
};

export type ToolbarDialog = {
  endpoint: AnyDialogEndpoint;
  component: ComponentType<ToolbarDialogProps<AnyDialogEndpoint>>;
};

/** A feature's toolbar dialog, the default export of its `<dialog>.dialog.tsx`: the call it makes and its form. */
export const toolbarDialog = <E extends AnyDialogEndpoint>(
  endpoint: E,
  component: ComponentType<ToolbarDialogProps<E>>,
): ToolbarDialog =>
  // the component only ever gets its own endpoint back (see dialogComponent), so widening it is sound
  ({ endpoint, component: component as unknown as ToolbarDialog['component'] });

type Opened = ComponentType<Omit<ToolbarDialogProps<AnyDialogEndpoint>, 'endpoint'>>;
const dialogs = new Map<string, Opened>();

/** `path/to/<key>.dialog.tsx` → key */
export const dialogKeyOf = (file: string) => file.replace(/^.*\//, '').replace(/\.dialog\.tsx$/, '');

/**
 * Registers the features' dialog files (the app's glob of `*.dialog.tsx`), each loaded on its first opening: the
 * file's name is the key a 'dialog' toolbar button names.
 */
export const registerDialogs = (files: Record<string, () => Promise<{ default: ToolbarDialog }>>) => {
  for (const [file, load] of Object.entries(files))
    dialogs.set(
      dialogKeyOf(file),
      lazyComponent(() =>
        load().then(({ default: { endpoint, component: Dialog } }) => {
          const Opened = (props: Omit<ToolbarDialogProps<AnyDialogEndpoint>, 'endpoint'>) => (
            <Dialog {...props} endpoint={endpoint} />
          );
          return Opened;
        }),
      ),
    );
};

export const getDialog = (key: string): Opened | undefined => {
  const hit = dialogs.get(key);
  if (!hit) warnOnce('toolbar dialog', key);
  return hit;
};
