import { SearchOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Modal, Tooltip } from 'antd';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../guard/session.ts';
import { filterSearchPool, type SearchItem } from '../menu/menuTree.ts';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** Header menu search: Ctrl+K / ⌘K opens it; the pool is every visible menu route. */
export const MenuSearch = () => {
  const { searchPool } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [cursor, setCursor] = useState(0);
  const results = useMemo(() => filterSearchPool(searchPool, keyword), [searchPool, keyword]);

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const close = () => {
    setOpen(false);
    setKeyword('');
    setCursor(0);
  };

  const choose = (item: SearchItem | undefined) => {
    if (!item) return;
    close();
    if (item.external) window.open(item.url || item.path, '_blank', 'noopener');
    else void navigate(item.path);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setCursor((c) => Math.min(c + 1, results.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setCursor((c) => Math.max(c - 1, 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(results[cursor]);
    }
  };

  return (
    <>
      <Tooltip title={`搜索菜单 (${isMac ? '⌘' : 'Ctrl'}+K)`}>
        <Button
          type="text"
          icon={<SearchOutlined />}
          onClick={() => setOpen(true)}
          data-testid="header-search"
          aria-label="搜索菜单"
        />
      </Tooltip>
      <Modal open={open} onCancel={close} footer={null} title="搜索菜单" destroyOnHidden width={560}>
        <Input
          autoFocus
          allowClear
          prefix={<SearchOutlined />}
          placeholder="输入菜单名称搜索"
          value={keyword}
          onChange={(e) => {
            setKeyword(e.target.value);
            setCursor(0);
          }}
          onKeyDown={onKeyDown}
          data-testid="menu-search-input"
        />
        <div className="menu-search-results" data-testid="menu-search-results">
          {results.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有匹配的菜单" />
          ) : (
            results.map((item, i) => (
              <div
                key={item.path}
                className={`menu-search-item${i === cursor ? ' active' : ''}`}
                data-testid="menu-search-item"
                data-path={item.path}
                onMouseEnter={() => setCursor(i)}
                onClick={() => choose(item)}
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
};
