import { Switch } from 'antd';
import type { CellProps } from '../registry/cells.ts';

export const SwitchCell = ({ value }: CellProps) => <Switch size="small" checked={Number(value) === 1} disabled />;
