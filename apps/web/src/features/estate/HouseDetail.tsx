import { Descriptions, Empty, Modal, Spin, Table, Tag, Typography } from 'antd';
import { useDictOptions } from '../../engine/api/queries.ts';
import { labelOf } from '../../engine/logic/dict.ts';
import { HOUSE_PERSON_SIZE, useHouseDetail, useHouseOwners, type OwnerRow } from './api.ts';
import { houseTileColor } from './logic.ts';

const useLabel = (dict: string) => {
  const { data = [] } = useDictOptions(dict);
  return (v: unknown) => (v === undefined || v === null || v === '' ? '-' : labelOf(data, v));
};

const dash = (v: unknown) => (v === undefined || v === null || v === '' ? '-' : String(v));

/** House detail (from the building view): getHouseDetail {id} and the house's owner list (size 40). */
export const HouseDetail = ({ id }: { id: number }) => {
  const detail = useHouseDetail(id);
  const owners = useHouseOwners(id);
  const houseType = useLabel('house_type');
  const houseState = useLabel('house_state');
  const usageLabel = useLabel('house_use_type');
  const personType = useLabel('personnel_type');
  const sex = useLabel('sys_sex');
  const relation = useLabel('owner_relation');
  const review = useLabel('review_status');
  const h = detail.data?.houseInfo;
  return (
    <div data-testid="house-detail">
      {detail.isLoading ? (
        <Spin />
      ) : !h ? (
        <Empty description="未能读取房屋信息" />
      ) : (
        <Descriptions
          bordered
          size="small"
          column={3}
          styles={{ label: { width: 96 } }}
          items={[
            { key: 'v', label: '所属小区', children: dash(h.village_name) },
            { key: 'b', label: '楼栋', children: dash(h.building_name ?? h.building_id) },
            { key: 'u', label: '单元', children: dash(h.unit_name) },
            { key: 'f', label: '楼层', children: h.floor === undefined ? '-' : `${h.floor} F` },
            { key: 'n', label: '房号', children: dash(h.name) },
            { key: 'a', label: '建筑面积', children: h.area ? `${h.area} ㎡` : '-' },
            {
              key: 't',
              label: '房屋类型',
              children: <Tag color={houseTileColor(h.house_type)}>{houseType(h.house_type)}</Tag>,
            },
            { key: 's', label: '房屋状态', children: houseState(h.house_state) },
            { key: 'ut', label: '使用性质', children: usageLabel(h.use_type) },
            { key: 'bal', label: '预存余额', children: h.balance === undefined ? '-' : `¥ ${h.balance}` },
            { key: 'p', label: '住户数', children: dash(h.pnum) },
            { key: 'r', label: '备注', children: dash(h.remark) },
          ]}
        />
      )}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        住户（最多 {HOUSE_PERSON_SIZE} 人）
      </Typography.Title>
      <Table<OwnerRow>
        size="small"
        rowKey="id"
        loading={owners.isLoading}
        dataSource={owners.data?.records ?? []}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无住户" /> }}
        data-testid="house-owners"
        columns={[
          { title: '姓名', dataIndex: 'name' },
          { title: '人员类型', dataIndex: 'personnel_type', render: personType },
          { title: '性别', dataIndex: 'sex', render: sex },
          { title: '手机号码', dataIndex: 'tel', render: dash },
          { title: '与户主关系', dataIndex: 'relationship', render: relation },
          { title: '审核状态', dataIndex: 'status', render: review },
          { title: '登记时间', dataIndex: 'create_time', render: dash },
        ]}
      />
    </div>
  );
};

export const HouseDetailModal = ({
  id,
  title,
  onClose,
}: {
  id: number | null;
  title?: string;
  onClose: () => void;
}) => (
  <Modal open={id !== null} title={title ?? '房屋详情'} onCancel={onClose} footer={null} width={920} destroyOnHidden>
    {id !== null ? <HouseDetail id={id} /> : null}
  </Modal>
);
