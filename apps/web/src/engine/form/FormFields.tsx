import type { FieldConfig } from '@5a/contracts';
import { Col, Form, Row as GridRow } from 'antd';
import type { Row } from '../list/context.ts';
import { formRules, type FormMode } from '../logic/rules.ts';
import { FieldInput } from './FieldInput.tsx';

const wide = new Set(['richText', 'textarea', 'image', 'file', 'mapPolygon']);

/** Form items in two columns (span 12; wide types and field.span may take more), rules from the config. */
export const FormFields = ({
  fields,
  mode,
  record,
}: {
  fields: readonly FieldConfig[];
  mode: FormMode;
  record?: Row;
}) => (
  <GridRow gutter={16}>
    {fields.map((f) => (
      <Col key={f.prop} span={f.span ?? (wide.has(f.type) ? 24 : 12)} data-testid={`form-item-${f.prop}`}>
        <Form.Item
          name={f.prop}
          label={f.label}
          rules={formRules(f, mode)}
          labelCol={{ flex: '130px' }}
          wrapperCol={{ flex: 'auto' }}
        >
          <FieldInput field={f} mode={mode} record={record} disabled={mode !== 'batch' && f.readonly} />
        </Form.Item>
      </Col>
    ))}
  </GridRow>
);
