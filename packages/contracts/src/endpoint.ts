/**
 * A custom call (one not served by the screen engine): its path, and — as types only — the body it takes and the
 * `data` of its envelope reply. Shared by the server, which registers a handler with zod schemas for both, and the
 * web, which calls it with `call(endpoint, body)`; a plain object, so the web's bundle carries no schema library.
 */
export type Endpoint<Body, Reply> = {
  readonly path: string;
  /** phantom: never set; carries Body and Reply for inference */
  readonly types?: { body: Body; reply: Reply };
};

export const endpoint = <Body, Reply>(path: string): Endpoint<Body, Reply> => ({ path });

/**
 * Where a toolbar dialog's button goes: the screen (its route name), the button's title and the rows it needs.
 * `dialog` names the web's dialog file (`<dialog>.dialog.tsx` under the features) and the button's test id.
 */
export type ToolbarPlacement = {
  readonly screen: string;
  readonly dialog: string;
  readonly title: string;
  readonly selection: 'none' | 'single' | 'multi';
};

/** A call made by a toolbar dialog: served by a handler, it puts its button on the screen it names. */
export type DialogEndpoint<Body, Reply> = Endpoint<Body, Reply> & { readonly toolbar: ToolbarPlacement };

export const dialogEndpoint = <Body, Reply>(path: string, toolbar: ToolbarPlacement): DialogEndpoint<Body, Reply> => ({
  path,
  toolbar,
});

/** every endpoint is one of these (the phantom is covariant in both) */
export type AnyEndpoint = Endpoint<unknown, unknown>;
export type BodyOf<E> = E extends Endpoint<infer B, unknown> ? B : never;
export type ReplyOf<E> = E extends Endpoint<unknown, infer R> ? R : never;

/** An id as the forms send it. */
export type Id = string | number;
/** A body that carries nothing. */
export type NoBody = Record<string, never>;
