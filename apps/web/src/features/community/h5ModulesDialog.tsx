import { useQuery } from '@tanstack/react-query';
import { Checkbox, Form, Spin, Tag } from 'antd';
import { h5Api } from '@5a/contracts/endpoints/community-h5';
import { call, callMsg } from '../../api/call.ts';
import { ActionDialog } from '../../engine/dialog/ActionDialog.tsx';
import { useFormSeed } from '../../engine/form/useFormSeed.ts';
import { checkedOf, kindOf } from './h5Logic.ts';

type Values = { module_id: number[] };

/** 移动端功能模块: tick the resident modules a village has on; the rest go off on 保存. */
export const H5ModulesDialog = ({
  village,
  onClose,
}: {
  village: { id: number; name: string };
  onClose: () => void;
}) => {
  const [form] = Form.useForm<Values>();
  const mods = useQuery({
    queryKey: ['h5', 'show', village.id],
    queryFn: () => call(h5Api.show, { village_id: village.id }),
    staleTime: 0,
  });
  const { fresh: shown } = useFormSeed(form, mods, (data) => ({ module_id: checkedOf(data) }));
  return (
    <ActionDialog
      title={`移动端功能模块 - ${village.name}`}
      okText="保存"
      form={form}
      send={(v) => callMsg(h5Api.update, { village_id: village.id, module_id: v.module_id ?? [] })}
      success="保存成功!"
      onClose={onClose}
      onDone={() => mods.refetch()}
    >
      {shown ? (
        <Form form={form} layout="vertical">
          <Form.Item name="module_id" label="开启的功能模块">
            <Checkbox.Group data-testid="h5-modules">
              {shown.map((m) => (
                <Checkbox key={m.module_id} value={m.module_id} style={{ marginBottom: 8 }}>
                  {m.name} <Tag>{kindOf(m)}</Tag>
                </Checkbox>
              ))}
            </Checkbox.Group>
          </Form.Item>
        </Form>
      ) : (
        <Spin />
      )}
    </ActionDialog>
  );
};
