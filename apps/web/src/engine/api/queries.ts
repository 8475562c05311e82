import type { DynamicForm, FieldConfig, ListReply, Option, ScreenConfig } from '@5a/contracts';
import { useQuery } from '@tanstack/react-query';
import { withQuery } from '../logic/search.ts';
import { systemApi } from '@5a/contracts/endpoints/system';
import { call } from '../../api/call.ts';
import { send } from '../../api/http.ts';

export const screenKey = (route: string, tab?: string) => ['engine', 'screen', route, tab ?? ''] as const;

/** A list route's screen config (a tab's config with ?tabkey=). */
// the page shows a config failure itself (or 建设中 for a screen the server has not declared yet)
export const fetchScreen = (route: string, tab?: string) =>
  send<ScreenConfig>(withQuery(route, { tabkey: tab }), {}, { silent: true });

export const useScreenConfig = (route: string, tab?: string) =>
  useQuery({ queryKey: screenKey(route, tab), queryFn: () => fetchScreen(route, tab), staleTime: 60_000 });

/** A list page's request: keyed by url and body. */
export const listKey = (url: string, body: Record<string, unknown>) => ['engine', 'list', url, body] as const;

/**
 * How long a list page stays fresh: long enough that a screen mounted twice in a row (a tab's config
 * arriving) does not fetch it again, short enough that coming back to a page shows fresh rows.
 */
export const LIST_FRESH_MS = 3000;

export const FIRST_PAGE_SIZE = 10;

/** A list page, e.g. `/Web/Basic/House/list`. */
export const fetchList = (url: string, body: Record<string, unknown>, silent = false) =>
  send<ListReply>(url, body, { silent });

export const useDynamicForm = (route: string) =>
  useQuery({ queryKey: ['engine', 'dynamicForm', route], queryFn: () => send<DynamicForm>(route, {}), staleTime: 0 });

/**
 * Dictionary options for a field that arrives without them (a screen config carries its dictionary
 * fields' options; other forms may not). /api/dict answers any logged-in caller with its own and
 * the shared rows, so one request serves users with and without the dictionary screen.
 */
export const fetchDict = async (dictType: string): Promise<Option[]> =>
  (await call(systemApi.dict, { dict_type: dictType }, { silent: true }))[dictType] ?? [];

export const DICT_THROTTLE_MS = 1000;

export const useDictOptions = (dictType: string | undefined) =>
  useQuery({
    queryKey: ['engine', 'dict', dictType ?? ''],
    queryFn: () => fetchDict(dictType!),
    enabled: !!dictType,
    staleTime: DICT_THROTTLE_MS,
  });

/** {label, value}[] from an options url ({base}/options); `staleTime` 0 reads them afresh on every mount. */
export const useUrlOptions = (url: string | undefined, staleTime = 30_000) =>
  useQuery({
    queryKey: ['engine', 'options', url ?? ''],
    queryFn: () => send<Option[]>(url!, {}, { silent: true }),
    enabled: !!url,
    staleTime,
  });

/** The choices of a field: inline options, else its dictionary, else its options url. */
export const useFieldOptions = (
  field: Pick<FieldConfig, 'options' | 'dict' | 'optionsUrl'>,
): { options: Option[]; loading: boolean } => {
  const dict = useDictOptions(field.options ? undefined : field.dict);
  const url = useUrlOptions(field.options || field.dict ? undefined : field.optionsUrl);
  if (field.options) return { options: field.options, loading: false };
  if (field.dict) return { options: dict.data ?? [], loading: dict.isLoading };
  return { options: url.data ?? [], loading: url.isLoading };
};
