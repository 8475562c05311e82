import { useQuery } from '@tanstack/react-query';
import { Checkbox, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { send, sendMsg } from '../../api/http.ts';
import { ActionDialog } from '../../engine/dialog/ActionDialog.tsx';
import { saveUrlOf } from './roleModules.ts';

type Loaded = { id: number; name: string; index_module: string[]; options: { value: string; label: string }[] };
type Props = { id: number; url: string; title: string; onClose: () => void };

/** 首页模块: the panels the role's users see (a user's own choice still wins). */
export const IndexModuleDialog = ({ id, url, title, onClose }: Props) => {
  const role = useQuery({
    queryKey: ['dashboard', 'roleModules', url, id],
    queryFn: () => send<Loaded>(url, { id }),
    staleTime: 0,
  });
  const [picked, setPicked] = useState<string[]>([]);
  useEffect(() => {
    if (role.data) setPicked(role.data.index_module);
  }, [role.data]);
  return (
    <ActionDialog
      title={title}
      okButtonProps={{ disabled: !role.data, 'data-testid': 'index-module-submit' }}
      send={() => sendMsg(saveUrlOf(url), { id, index_module: picked })}
      success="设置成功"
      onClose={onClose}
    >
      <div data-testid="index-module-dialog">
        {role.data ? (
          <Checkbox.Group
            value={picked}
            onChange={(v) => setPicked(v.map(String))}
            options={role.data.options}
            style={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 8 }}
          />
        ) : (
          <Spin spinning={role.isLoading} />
        )}
      </div>
    </ActionDialog>
  );
};
