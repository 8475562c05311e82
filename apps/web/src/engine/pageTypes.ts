/** What a page rendered in the shell receives: its own route (stable even while hidden in keep-alive). */
export type PageRoute = {
  path: string;
  fullPath: string;
  /** query string without '?' */
  search: string;
  title: string;
  name: string;
  component: string;
  cache: boolean;
};

export type PageProps = { route: PageRoute };
