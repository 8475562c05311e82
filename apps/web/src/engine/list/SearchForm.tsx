import type { FieldConfig } from '@5a/contracts';
import { t } from '../../lib/i18n.ts';
import { DownOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Col, Grid, Row as GridRow, Space } from 'antd';
import { useState, type FormEvent } from 'react';
import { FieldInput } from '../form/FieldInput.tsx';
import { searchBody } from '../logic/search.ts';
import { foldSearch, perRowOf } from '../logic/searchFold.ts';
import type { Values } from './context.ts';
import './searchForm.css';

type Props = { fields: readonly FieldConfig[]; onSearch: (body: Values) => void };

/**
 * Search form: fields with inSearch by the input registry in search mode; 查询 / 重置. A plain form with its values
 * in state, laid out like antd's horizontal form items (searchForm.css): antd's Form, with its field store and
 * async-validator (~24 kB gzip), would be on every list page for a form that validates nothing.
 * Folded like ProTable's query filter (logic/searchFold.ts): the first row until 展开, so the rows come first on a
 * phone too; folded fields keep their values, and 展开 counts those that hold one.
 */
export const SearchForm = ({ fields, onSearch }: Props) => {
  const [values, setValues] = useState<Values>({});
  const [expanded, setExpanded] = useState(false);
  // the Row's own breakpoints (its gutter follows them): no second watch of the width
  const perRow = perRowOf(Grid.useBreakpoint());
  const searchable = fields.filter((f) => f.inSearch);
  if (!searchable.length) return null;
  const fold = foldSearch(searchable, values, perRow, expanded);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(searchBody(fields, values));
  };
  return (
    <form
      onSubmit={submit}
      data-testid="search-form"
      data-expanded={expanded ? 'true' : 'false'}
      className="engine-search"
      autoComplete="off"
    >
      <GridRow gutter={[16, 0]}>
        {fold.shown.map((f) => (
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
        {/* the rest of the last row, the buttons at its end (ProTable's place for them) */}
        <Col flex="auto" className="engine-search-actions">
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
            {fold.foldable ? (
              <Button
                type="link"
                className="engine-search-toggle"
                aria-expanded={expanded}
                data-testid="search-toggle"
                onClick={() => setExpanded((e) => !e)}
              >
                {expanded ? t('collapse') : t('expand')}
                {fold.hiddenSet ? (
                  <span
                    className="engine-search-count"
                    title={t('hiddenFiltersSet', { n: fold.hiddenSet })}
                    data-testid="search-hidden-set"
                  >
                    {fold.hiddenSet}
                  </span>
                ) : null}
                <DownOutlined className={expanded ? 'engine-search-fold up' : 'engine-search-fold'} />
              </Button>
            ) : null}
          </Space>
        </Col>
      </GridRow>
    </form>
  );
};
