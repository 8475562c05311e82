import { villageField } from '../tenancy/index.ts';

/** 所属小区 is the one every village-owned screen declares */
export { villageField };

/** 1 进 / 2 出: a device's side of the door and a passage's way through it */
export const DIRECTIONS = [
  { label: '进', value: 1 },
  { label: '出', value: 2 },
];

export const DEVICE_TYPES = [
  { label: '门禁控制器', value: 1 },
  { label: '人脸识别终端', value: 2 },
];

export const OPEN_TYPES = [
  { label: '人脸', value: 1 },
  { label: '刷卡', value: 2 },
  { label: '二维码', value: 3 },
  { label: '人员编号', value: 4 },
];
