import { useQuery } from '@tanstack/react-query';
import { Checkbox, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { systemApi } from '@5a/contracts/endpoints/system';
import { call, callMsg } from '../../api/call.ts';
import { ActionDialog } from '../../engine/dialog/ActionDialog.tsx';

type Props = { id: number; title: string; onClose: () => void };

/** 首页模块: the panels the role's users see (a user's own choice still wins). */
export const IndexModuleDialog = ({ id, title, onClose }: Props) => {
  const role = useQuery({
    queryKey: ['dashboard', 'roleModules', id],
    queryFn: () => call(systemApi.roleModules, { id }),
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
      send={() => callMsg(systemApi.saveRoleModules, { id, index_module: picked })}
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
