import { useQuery } from '@tanstack/react-query';
import { Checkbox, Col, Empty, Radio, Row, Spin, Table, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useState } from 'react';
import { send, sendMsg } from '../../api/http.ts';
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
 * Where the dialog loads, lists resources and saves. `params` ride on every call (the common variant's
 * appType); `menuTypes` lets the user switch the menu set (web / app) the grants are for.
 */
export type PermUrls = {
  load: string;
  resources: string;
  save: string;
  resourcesFallback?: string;
  params?: Readonly<Record<string, string>>;
  menuTypes?: readonly { value: string; label: string }[];
  /** nothing chosen is a save (a user's personal grant emptied is revoked), not a missing selection */
  emptyRevokes?: boolean;
};
type LoadReply = { list: PermNode[]; menuIdList?: number[]; resourcelist?: string[]; resourc?: string[] };
type Resource = { id: string; name: string };

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

const fetchResources = async (urls: PermUrls, id: number, params: Readonly<Record<string, string>>) => {
  try {
    return await send<Resource[]>(urls.resources, { id, ...params }, { silent: !!urls.resourcesFallback });
  } catch (e) {
    if (!urls.resourcesFallback) throw e;
    return send<Resource[]>(urls.resourcesFallback, { id });
  }
};

type Props = { id: number; title: string; urls: PermUrls; onClose: () => void };

/** Permission assignment: menu tree with select-all, resources of the chosen leaf, save. */
export const PermissionAssign = ({ id, title, urls, onClose }: Props) => {
  const [menuType, setMenuType] = useState(urls.menuTypes?.[0]?.value);
  const params = { ...urls.params, ...(menuType ? { menuType } : {}) };
  const load = useQuery({
    queryKey: ['engine', 'permAssign', urls.load, id, params],
    queryFn: () => send<LoadReply>(urls.load, { id, ...params }),
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
    setState(initialPermState(reply.list, reply.menuIdList ?? [], reply.resourcelist ?? reply.resourc ?? []));
    const t = setTimeout(() => setReady(true), PERM_READY_MS);
    return () => clearTimeout(t);
  }, [reply]);

  const resources = useQuery({
    queryKey: ['engine', 'sourcemenu', urls.resources, leaf?.id, params],
    queryFn: () => fetchResources(urls, leaf!.id, params),
    enabled: !!leaf,
    staleTime: 60_000,
  });
  const current = state ?? { leaves: [], resources: [] };
  const dispatch = (e: PermEvent) => setState((s) => reducePerm(tree, s ?? current, e, ready));
  const all = allState(tree, current);

  const saveBody = () => permSaveBody(tree, id, current, urls.emptyRevokes);
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
        return out.ok ? sendMsg(urls.save, { ...out.body, ...params }) : null;
      }}
      success="保存成功!"
      onClose={onClose}
    >
      <div data-testid="perm-assign">
        {urls.menuTypes ? (
          <Radio.Group
            style={{ marginBottom: 12 }}
            optionType="button"
            value={menuType}
            options={urls.menuTypes.map((t) => ({ value: t.value, label: t.label }))}
            onChange={(e) => {
              setState(null);
              setReady(false);
              setLeaf(null);
              setMenuType(String(e.target.value));
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
                <Table<Resource>
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
