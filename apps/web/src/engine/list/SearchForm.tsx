import type { FieldConfig } from '@5a/contracts';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Col, Form, Row as GridRow, Space } from 'antd';
import { FieldInput } from '../form/FieldInput.tsx';
import { searchBody } from '../logic/search.ts';
import type { Values } from './context.ts';

type Props = { fields: readonly FieldConfig[]; onSearch: (body: Values) => void };

/** Search form: fields with inSearch by the input registry in search mode; 查询 / 重置. */
export const SearchForm = ({ fields, onSearch }: Props) => {
  const [form] = Form.useForm<Values>();
  const shown = fields.filter((f) => f.inSearch);
  if (!shown.length) return null;
  return (
    <Form
      form={form}
      onFinish={(v) => onSearch(searchBody(fields, v))}
      data-testid="search-form"
      className="engine-search"
      autoComplete="off"
    >
      <GridRow gutter={[16, 0]}>
        {shown.map((f) => (
          <Col key={f.prop} xs={24} sm={12} md={8} xl={6}>
            <Form.Item name={f.prop} label={f.label} style={{ marginBottom: 12 }}>
              <FieldInput field={f} mode="search" />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} sm={12} md={8} xl={6}>
          <Space style={{ marginBottom: 12 }}>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="search-submit">
              查询
            </Button>
            <Button
              icon={<ReloadOutlined />}
              data-testid="search-reset"
              onClick={() => {
                form.resetFields();
                onSearch({});
              }}
            >
              重置
            </Button>
          </Space>
        </Col>
      </GridRow>
    </Form>
  );
};
