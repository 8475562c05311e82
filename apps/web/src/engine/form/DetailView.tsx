import type { FieldConfig } from '@5a/contracts';
import { Descriptions } from 'antd';
import { FieldCell } from '../cells/FieldCell.tsx';
import type { Row } from '../list/context.ts';

/** Read-only detail: every detail field with its cell renderer, two columns. */
export const DetailView = ({ fields, record }: { fields: readonly FieldConfig[]; record: Row }) => (
  <Descriptions
    bordered
    column={2}
    size="small"
    styles={{ label: { width: 130 } }}
    items={fields.map((f) => ({
      key: f.prop,
      label: f.label,
      span: ['richText', 'textarea', 'image', 'file'].includes(f.type) ? 2 : 1,
      children: <FieldCell field={f} value={record[f.prop]} row={record} />,
    }))}
  />
);
