import type { DynamicForm, FieldConfig, Option, ScreenConfig } from '@5a/contracts';
import { useQuery } from '@tanstack/react-query';
import { dictOptions, type DictRecord } from '../logic/dict.ts';
import { withQuery } from '../logic/search.ts';
import { send } from '../../api/http.ts';

export const screenKey = (route: string, tab?: string) => ['engine', 'screen', route, tab ?? ''] as const;

/** A list route's screen config (a tab's config with ?tabkey=). */
// the page shows a config failure itself (or 建设中 for a screen the server has not declared yet)
export const fetchScreen = (route: string, tab?: string) => send<ScreenConfig>(withQuery(route, { tabkey: tab }), {}, { silent: true });

export const useScreenConfig = (route: string, tab?: string) =>
  useQuery({ queryKey: screenKey(route, tab), queryFn: () => fetchScreen(route, tab), staleTime: 60_000 });

export const useDynamicForm = (route: string) =>
  useQuery({ queryKey: ['engine', 'dynamicForm', route], queryFn: () => send<DynamicForm>(route, {}), staleTime: 0 });

/**
 * Dictionary options (page_size 9999 and dict_type, throttled 1 s: the same type is
 * fetched at most once a second). A caller without the dictionary screen falls back to /api/dict.
 */
export const fetchDict = async (dictType: string): Promise<Option[]> => {
  try {
    const reply = await send<{ records: DictRecord[] }>('/api/dictData/index', { page_size: 9999, dict_type: dictType }, { silent: true });
    return dictOptions(reply.records);
  } catch {
    const grouped = await send<Record<string, Option[]>>('/api/dict', { dict_type: dictType }, { silent: true });
    return grouped[dictType] ?? [];
  }
};

export const DICT_THROTTLE_MS = 1000;

export const useDictOptions = (dictType: string | undefined) =>
  useQuery({ queryKey: ['engine', 'dict', dictType ?? ''], queryFn: () => fetchDict(dictType!), enabled: !!dictType, staleTime: DICT_THROTTLE_MS });

/** {label, value}[] from an options url ({base}/options). */
export const useUrlOptions = (url: string | undefined) =>
  useQuery({ queryKey: ['engine', 'options', url ?? ''], queryFn: () => send<Option[]>(url!, {}, { silent: true }), enabled: !!url, staleTime: 30_000 });

/** The choices of a field: inline options, else its dictionary, else its options url. */
export const useFieldOptions = (field: Pick<FieldConfig, 'options' | 'dict' | 'optionsUrl'>): { options: Option[]; loading: boolean } => {
  const dict = useDictOptions(field.options ? undefined : field.dict);
  const url = useUrlOptions(field.options || field.dict ? undefined : field.optionsUrl);
  if (field.options) return { options: field.options, loading: false };
  if (field.dict) return { options: dict.data ?? [], loading: dict.isLoading };
  return { options: url.data ?? [], loading: url.isLoading };
};
