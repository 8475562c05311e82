import type { IndexModule, PanelData } from '@5a/contracts';
import type { BaseDataItem } from '../estate/types.ts';

/** What every workbench panel gets: its data from the one workbench call. */
export type PanelProps = { module: IndexModule; title: string; panels: PanelData; baseData: BaseDataItem[] };
