import type { FieldConfig } from '@5a/contracts';
import { Col, Form, Row as GridRow } from 'antd';
import type { Row } from '../list/context.ts';
import { formRules, type FormMode } from '../logic/rules.ts';
import { FormFills, FormInput } from './fills.tsx';

const wide = new Set(['richText', 'textarea', 'image', 'file', 'mapPolygon']);
/** labels show in full: the label column fits the longest (about 14 px a character, plus the colon and gap) */
export const labelWidth = (fields: readonly Pick<FieldConfig, 'label'>[]) =>
  Math.max(130, ...fields.map((f) => [...f.label].length * 14 + 34));

/** Form items in two columns (span 12; wide types and field.span may take more), rules from the config. */
export const FormFields = ({
  fields,
  mode,
  record,
}: {
  fields: readonly FieldConfig[];
  mode: FormMode;
  record?: Row;
}) => {
  const label = { flex: `${labelWidth(fields)}px` };
  return (
    <GridRow gutter={16}>
      {fields.map((f) => (
        <Col key={f.prop} span={f.span ?? (wide.has(f.type) ? 24 : 12)} data-testid={`form-item-${f.prop}`}>
          <Form.Item
            name={f.prop}
            label={f.label}
            rules={formRules(f, mode)}
            labelCol={label}
            wrapperCol={{ flex: 'auto' }}
          >
            <FormInput field={f} mode={mode} record={record} disabled={mode !== 'batch' && f.readonly} />
          </Form.Item>
        </Col>
      ))}
      {mode === 'batch' ? null : <FormFills fields={fields} />}
    </GridRow>
  );
};
