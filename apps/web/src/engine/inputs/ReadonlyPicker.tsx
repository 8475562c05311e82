import { Button, Input, Space } from 'antd';
import { patrolTimeText } from '../logic/format.ts';
import type { InputProps } from '../registry/inputs.ts';

const pickerTitle: Record<string, string> = { mapPoint: '选择位置', mapPolygon: '绘制区域', patrolTime: '设置时间' };

/**
 * mapPoint / mapPolygon / patrolTime until their pickers are registered (registerInput):
 * the value read-only and a disabled picker button.
 */
export const ReadonlyPickerInput = (p: InputProps) => {
  const raw =
    p.value === undefined || p.value === null ? '' : typeof p.value === 'string' ? p.value : JSON.stringify(p.value);
  const shown = p.field.type === 'patrolTime' ? patrolTimeText(raw) : raw;
  return (
    <Space.Compact style={{ width: '100%' }} id={p.id}>
      <Input readOnly value={shown} placeholder={p.field.label} />
      <Button disabled>{pickerTitle[p.field.type] ?? '选择'}</Button>
    </Space.Compact>
  );
};
