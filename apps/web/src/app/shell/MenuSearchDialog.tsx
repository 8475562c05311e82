import { SearchOutlined } from '@ant-design/icons';
import { Empty, Input, Modal } from 'antd';
import type { KeyboardEvent } from 'react';
import { t } from '../../lib/i18n.ts';
import type { SearchItem } from '../menu/menuTree.ts';

type Props = {
  open: boolean;
  onClose: () => void;
  keyword: string;
  onKeyword: (k: string) => void;
  onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => void;
  results: SearchItem[];
  cursor: number;
  onCursor: (i: number) => void;
  onChoose: (item: SearchItem) => void;
};

/** The menu search dialog (MenuSearch keeps the state and the keys). */
export const MenuSearchDialog = (p: Props) => (
  <>
    <Modal open={p.open} onCancel={p.onClose} footer={null} title={t('searchMenu')} destroyOnHidden width={560}>
      <Input
        autoFocus
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('searchMenuPlaceholder')}
        value={p.keyword}
        onChange={(e) => p.onKeyword(e.target.value)}
        onKeyDown={p.onKeyDown}
        data-testid="menu-search-input"
      />
      <div className="menu-search-results" data-testid="menu-search-results">
        {p.results.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noMatchingMenu')} />
        ) : (
          p.results.map((item, i) => (
            <div
              key={item.path}
              className={`menu-search-item${i === p.cursor ? ' active' : ''}`}
              data-testid="menu-search-item"
              data-path={item.path}
              onMouseEnter={() => p.onCursor(i)}
              onClick={() => p.onChoose(item)}
            >
              <span>{item.title}</span>
              <span className="menu-search-path">{item.path}</span>
            </div>
          ))
        )}
      </div>
    </Modal>
  </>
);
