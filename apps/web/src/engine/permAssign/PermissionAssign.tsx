import { useQuery } from '@tanstack/react-query';
import { Checkbox, Col, Empty, Radio, Row, Spin, Table, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useState } from 'react';
import type {
  GrantCalls,
  GrantResource,
  GrantSave,
  MenuSet,
  TemplateAppType,
  TemplateTarget,
} from '@5a/contracts/endpoints/rbac';
import { call, callMsg } from '../../api/call.ts';
import { ActionDialog } from '../dialog/ActionDialog.tsx';
import {
  allState,
  initialPermState,
  isLeaf,
  permSaveBody,
  reducePerm,
  type PermEvent,
  type PermNode,
  type PermState,
} from '../logic/permTree.ts';

/**
 * The calls the dialog loads, lists resources and saves with (a role's, a user's or a template role's: the
 * template's take the most). `params` ride on every call (the common variant's appType); `menuTypes` lets the
 * user switch the menu set (web / app) the grants are for.
 */
type Family = GrantCalls<TemplateTarget, GrantSave & TemplateTarget>;
export type PermCalls = {
  calls: Family;
  /** where the resources are asked when this family's are refused */
  resourcesFallback?: Family['resources'];
  params?: { appType?: TemplateAppType };
  menuTypes?: readonly { value: MenuSet; label: string }[];
  /** nothing chosen is a save (a user's personal grant emptied is revoked), not a missing selection */
  emptyRevokes?: boolean;
};
type Params = Omit<TemplateTarget, 'id'>;

/** Tree changes count only after the first load settles. */
export const PERM_READY_MS = 500;

const toTree = (nodes: readonly PermNode[]): DataNode[] =>
  nodes.map((n) => ({
    key: n.id,
    title: n.label,
    children: n.children?.length ? toTree(n.children) : undefined,
    isLeaf: isLeaf(n),
  }));

const findNode = (nodes: readonly PermNode[], id: number): PermNode | undefined => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = n.children ? findNode(n.children, id) : undefined;
    if (hit) return hit;
  }
  return undefined;
};

const fetchResources = async (p: PermCalls, id: number, params: Params) => {
  try {
    return await call(p.calls.resources, { id, ...params }, { silent: !!p.resourcesFallback });
  } catch (e) {
    if (!p.resourcesFallback) throw e;
    return call(p.resourcesFallback, { id });
  }
};

type Props = { id: number; title: string; perm: PermCalls; onClose: () => void };

/** Permission assignment: menu tree with select-all, resources of the chosen leaf, save. */
export const PermissionAssign = ({ id, title, perm, onClose }: Props) => {
  const [menuType, setMenuType] = useState(perm.menuTypes?.[0]?.value);
  const params: Params = { ...perm.params, ...(menuType ? { menuType } : {}) };
  const load = useQuery({
    queryKey: ['engine', 'permAssign', perm.calls.grants.path, id, params],
    queryFn: () => call(perm.calls.grants, { id, ...params }),
    gcTime: 0,
    staleTime: 0,
  });
  const tree = load.data?.list ?? [];
  const [state, setState] = useState<PermState | null>(null);
  const [ready, setReady] = useState(false);
  const [leaf, setLeaf] = useState<PermNode | null>(null);
  const reply = load.data;

  useEffect(() => {
    if (!reply) return;
    setState(initialPermState(reply.list, reply.menuIdList, reply.resourcelist));
    const t = setTimeout(() => setReady(true), PERM_READY_MS);
    return () => clearTimeout(t);
  }, [reply]);

  const resources = useQuery({
    queryKey: ['engine', 'sourcemenu', perm.calls.resources.path, leaf?.id, params],
    queryFn: () => fetchResources(perm, leaf!.id, params),
    enabled: !!leaf,
    staleTime: 60_000,
  });
  const current = state ?? { leaves: [], resources: [] };
  const dispatch = (e: PermEvent) => setState((s) => reducePerm(tree, s ?? current, e, ready));
  const all = allState(tree, current);

  const saveBody = () => permSaveBody(tree, id, current, perm.emptyRevokes);
  const rows = resources.data ?? [];

  return (
    <ActionDialog
      title={title}
      width={1000}
      maskClosable={false}
      okText="保存"
      okButtonProps={{ disabled: !state, 'data-testid': 'perm-save' }}
      check={() => {
        const out = saveBody();
        return out.ok ? undefined : out.error;
      }}
      send={async () => {
        const out = saveBody();
        return out.ok ? callMsg(perm.calls.save, { ...out.body, ...params }) : null;
      }}
      success="保存成功!"
      onClose={onClose}
    >
      <div data-testid="perm-assign">
        {perm.menuTypes ? (
          <Radio.Group
            style={{ marginBottom: 12 }}
            optionType="button"
            value={menuType}
            options={perm.menuTypes.map((t) => ({ value: t.value, label: t.label }))}
            onChange={(e) => {
              setState(null);
              setReady(false);
              setLeaf(null);
              setMenuType(perm.menuTypes?.find((t) => t.value === e.target.value)?.value);
            }}
            data-testid="perm-menu-type"
          />
        ) : null}
        {load.isLoading ? (
          <Spin style={{ display: 'block', padding: 48 }} />
        ) : (
          <Row gutter={16}>
            <Col span={12}>
              <Checkbox
                checked={all.checked}
                indeterminate={all.indeterminate}
                onChange={(e) => dispatch({ kind: 'all', checked: e.target.checked })}
                data-testid="perm-all"
              >
                全选
              </Checkbox>
              <div
                data-testid="perm-tree"
                style={{
                  marginTop: 8,
                  maxHeight: 480,
                  overflow: 'auto',
                  border: '1px solid #f0f0f0',
                  borderRadius: 6,
                  padding: 8,
                }}
              >
                {tree.length ? (
                  <Tree
                    checkable
                    defaultExpandAll
                    treeData={toTree(tree)}
                    checkedKeys={current.leaves}
                    selectedKeys={leaf ? [leaf.id] : []}
                    onCheck={(_keys, info) =>
                      dispatch({ kind: 'menu', id: Number(info.node.key), checked: info.checked })
                    }
                    onSelect={(_keys, info) => {
                      const node = findNode(tree, Number(info.node.key));
                      setLeaf(node && isLeaf(node) ? node : null);
                    }}
                  />
                ) : (
                  <Empty />
                )}
              </div>
            </Col>
            <Col span={12}>
              <Typography.Text strong>{leaf ? `${leaf.label} 的资源` : '点击左侧菜单查看资源'}</Typography.Text>
              <div data-testid="perm-resources" style={{ marginTop: 8 }}>
                <Table<GrantResource>
                  size="small"
                  rowKey="id"
                  loading={resources.isFetching}
                  dataSource={rows}
                  pagination={false}
                  columns={[
                    { title: '编码', dataIndex: 'id', width: 140 },
                    { title: '名称', dataIndex: 'name' },
                  ]}
                  rowSelection={{
                    selectedRowKeys: rows.filter((r) => current.resources.includes(r.id)).map((r) => r.id),
                    onSelect: (r, checked) =>
                      leaf && dispatch({ kind: 'resource', menuId: leaf.id, resourceId: r.id, checked }),
                    onSelectAll: (checked, _sel, changed) => {
                      if (!leaf) return;
                      for (const r of changed)
                        dispatch({ kind: 'resource', menuId: leaf.id, resourceId: r.id, checked });
                    },
                  }}
                />
              </div>
            </Col>
          </Row>
        )}
      </div>
    </ActionDialog>
  );
};
