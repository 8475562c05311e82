import { SearchOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate } from '../../lib/router.tsx';
import { useSession } from '../guard/session.ts';
import { t } from '../../lib/i18n.ts';
import { filterSearchPool, type SearchItem, type Spell } from '../menu/menuTree.ts';

// the dialog (antd Modal, Input, Empty) loads on first opening: the shell's first page does not show it
const MenuSearchDialog = lazy(() => import('./MenuSearchDialog.tsx').then((m) => ({ default: m.MenuSearchDialog })));

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** Header menu search: Ctrl+K / ⌘K opens it; the pool is every visible menu route. */
export const MenuSearch = () => {
  const { searchPool } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
  const [keyword, setKeyword] = useState('');
  const [cursor, setCursor] = useState(0);
  // pinyin matching comes with the dialog: the library stays out of the shell's first load
  const [spell, setSpell] = useState<{ fn: Spell } | null>(null);
  useEffect(() => {
    if (!wanted || spell) return;
    let alive = true;
    void import('../menu/pinyin.ts').then((m) => alive && setSpell({ fn: m.spellPinyin }));
    return () => {
      alive = false;
    };
  }, [wanted, spell]);
  const results = useMemo(() => filterSearchPool(searchPool, keyword, spell?.fn), [searchPool, keyword, spell]);

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
      <Tooltip title={`${t('searchMenu')} (${isMac ? '⌘' : 'Ctrl'}+K)`}>
        <Button
          type="text"
          icon={<SearchOutlined />}
          onClick={() => setOpen(true)}
          data-testid="header-search"
          aria-label={t('searchMenu')}
        />
      </Tooltip>
      {wanted ? (
        <Suspense fallback={null}>
          <MenuSearchDialog
            open={open}
            onClose={close}
            keyword={keyword}
            onKeyword={(k) => {
              setKeyword(k);
              setCursor(0);
            }}
            onKeyDown={onKeyDown}
            results={results}
            cursor={cursor}
            onCursor={setCursor}
            onChoose={choose}
          />
        </Suspense>
      ) : null}
    </>
  );
};
