import type { FieldConfig } from '@5a/contracts';
import { t } from '../../lib/i18n.ts';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Col, Row as GridRow, Space } from 'antd';
import { useState, type FormEvent } from 'react';
import { FieldInput } from '../form/FieldInput.tsx';
import { searchBody } from '../logic/search.ts';
import type { Values } from './context.ts';
import './searchForm.css';

type Props = { fields: readonly FieldConfig[]; onSearch: (body: Values) => void };

/**
 * Search form: fields with inSearch by the input registry in search mode; 查询 / 重置. A plain form with its values
 * in state, laid out like antd's horizontal form items (searchForm.css): antd's Form, with its field store and
 * async-validator (~24 kB gzip), would be on every list page for a form that validates nothing.
 */
export const SearchForm = ({ fields, onSearch }: Props) => {
  const [values, setValues] = useState<Values>({});
  const shown = fields.filter((f) => f.inSearch);
  if (!shown.length) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(searchBody(fields, values));
  };
  return (
    <form onSubmit={submit} data-testid="search-form" className="engine-search" autoComplete="off">
      <GridRow gutter={[16, 0]}>
        {shown.map((f) => (
          <Col key={f.prop} xs={24} sm={12} md={8} xl={6}>
            <div className="engine-search-item">
              <label htmlFor={f.prop} title={f.label} className="engine-search-label">
                {f.label}
              </label>
              <div className="engine-search-control">
                <FieldInput
                  field={f}
                  mode="search"
                  id={f.prop}
                  value={values[f.prop]}
                  onChange={(v) => setValues((cur) => ({ ...cur, [f.prop]: v }))}
                />
              </div>
            </div>
          </Col>
        ))}
        <Col xs={24} sm={12} md={8} xl={6}>
          <Space style={{ marginBottom: 12 }}>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="search-submit">
              {t('search')}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              data-testid="search-reset"
              onClick={() => {
                setValues({});
                onSearch({});
              }}
            >
              {t('reset')}
            </Button>
          </Space>
        </Col>
      </GridRow>
    </form>
  );
};
