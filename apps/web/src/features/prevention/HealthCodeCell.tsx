import { Tag } from 'antd';
import { HEALTH_CODES } from '@5a/contracts/endpoints/prevention';
import type { CellProps } from '../../engine/registry/cells.ts';
import { healthColor } from './logic.ts';

/** the health code slot: 绿码 green, 黄码 yellow, 红码 red; a masked value as it came */
export const HealthCodeCell = ({ value }: CellProps) => {
  const color = healthColor(value);
  const label = HEALTH_CODES.find((o) => o.value === Number(value))?.label;
  if (!color || !label) return <span>{value === null || value === undefined ? '' : String(value)}</span>;
  return (
    <Tag color={color} style={{ marginInlineEnd: 0 }} data-testid="health-code" data-color={color}>
      {label}
    </Tag>
  );
};
