import type { ScreenConfig } from '@5a/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { send } from '../../api/http.ts';
import { fetchList, FIRST_PAGE_SIZE, LIST_FRESH_MS, listKey } from '../api/queries.ts';
import {
  cursorFrom,
  listRequestBody,
  withCursor,
  withQuery,
  type ListCursor,
  type ListParams,
} from '../logic/search.ts';
import { isPlainTree, pageOf, treeRows } from '../logic/tree.ts';
import type { Row, Values } from './context.ts';

export const AUTO_RELOAD_MS = 3000;

/**
 * List state of one screen: paging, sort, applied search, the list request (or, for a tree with
 * no search, the lazy tree's root level) and lazily loaded children.
 */
export const useListData = (config: ScreenConfig, tabType: string | undefined, extra: Values) => {
  const [params, setParamsState] = useState<ListParams>({ current: 1, size: config.pageSize || FIRST_PAGE_SIZE });
  const [search, setSearchState] = useState<Values>({});
  const [children, setChildren] = useState<Record<string, Row[]>>({});
  const [expanded, setExpanded] = useState<(string | number)[]>([]);
  const treeUrl = config.tree ? config.urls.tree : undefined;
  const plainTree = !!treeUrl && isPlainTree(true, search) && !params.sortField;
  const interval = config.autoReload ? AUTO_RELOAD_MS : false;

  // the first tab is the server's default: its url carries no tab
  const listUrl = withQuery(config.urls.list, { tab_type: tabType === config.tabs[0]?.key ? undefined : tabType });
  // the page shown was asked for after this cursor (the last row of the page before it), or by offset
  const [cursor, setCursor] = useState<ListCursor | null>(null);
  const base = listRequestBody(params, search, extra);
  const body = withCursor(listUrl, base, cursor);
  const list = useQuery({
    queryKey: listKey(listUrl, body),
    queryFn: () => fetchList(listUrl, body),
    staleTime: LIST_FRESH_MS,
    enabled: !plainTree,
    placeholderData: keepPreviousData,
    refetchInterval: interval,
  });
  const root = useQuery({
    queryKey: ['engine', 'tree', treeUrl, extra],
    queryFn: () => send<Row[]>(treeUrl!, { parentId: 0, ...extra }),
    enabled: plainTree,
    placeholderData: keepPreviousData,
    refetchInterval: interval,
  });

  // a placeholder is the previous request's reply: no cursor from it for this one
  const reply = list.isPlaceholderData ? undefined : list.data;
  /**
   * Paging and sorting: the move to the next page starts where the page shown ended (keyset: deep pages stay
   * fast). The cursor is taken here, with the move, not by an effect on each reply: that set state after every
   * reply (a second render of the whole table) and, on a keyset page, replaced the cursor the page was asked with,
   * so the page was asked for again by offset.
   */
  const setParams = (update: (p: ListParams) => ListParams) => {
    setCursor(reply && reply.current === params.current ? cursorFrom(listUrl, base, reply) : null);
    setParamsState(update);
  };

  const loadChildren = useCallback(
    async (id: string | number) => {
      if (!treeUrl) return;
      const rows = await send<Row[]>(treeUrl, { parentId: id, ...extra }).catch(() => null);
      if (rows) setChildren((c) => ({ ...c, [String(id)]: rows }));
    },
    [treeUrl, extra],
  );

  const reload = useCallback(() => {
    setChildren({});
    setExpanded([]);
    void (plainTree ? root.refetch() : list.refetch());
  }, [plainTree, root, list]);

  const setSearch = useCallback((v: Values) => {
    setSearchState(v);
    setParamsState((p) => ({ ...p, current: 1 }));
  }, []);

  const flat: Row[] = plainTree ? pageOf(root.data ?? [], params.current, params.size) : (list.data?.records ?? []);
  const records = treeUrl ? treeRows(flat, children, config.rowKey) : flat;
  const total = plainTree ? (root.data?.length ?? 0) : (list.data?.total ?? 0);
  const active = plainTree ? root : list;

  return {
    params,
    setParams,
    search,
    setSearch,
    records,
    flat,
    total,
    reply: plainTree ? undefined : list.data,
    // auto reload refreshes quietly
    loading: config.autoReload ? active.isPending && active.isFetching : active.isFetching,
    error: active.error,
    reload,
    expanded,
    setExpanded,
    loadChildren,
    isTree: !!treeUrl,
  };
};

export type ListData = ReturnType<typeof useListData>;
