import { dialogEndpoint, endpoint, type Id } from '../endpoint.ts';

const B = '/Web/Internet/AccessControlManagement';

/** 新增设备: the device form's values (the screen's fields; the engine's rules check them). */
export type AccessDeviceBody = {
  village_id: Id;
  building_id?: Id | null;
  unit_name?: string;
  name: string;
  /** 1 门禁控制器, 2 人脸识别终端 */
  device_type: number;
  gateno: string;
  model?: string;
  serial_no?: string;
  /** 1 进, 2 出 */
  direction: number;
  path?: string;
  worker?: string;
  workerphone?: string;
  jsonparam?: string;
  /** 1 启用, 2 停用 */
  status?: number;
};
/** The device made and its signing secret: shown this once, kept only encrypted. */
export type AccessDeviceSecret = { id: number; gateno: string; secret: string };

/** The back office's access-control calls beyond the engine's: the dialogs that show a device's secret once, and a
 * village's face threshold. */
export const accessApi = {
  addDevice: dialogEndpoint<AccessDeviceBody, AccessDeviceSecret>(`${B}/addDevice`, {
    screen: 'AccessControlManagement',
    dialog: 'accessDeviceAdd',
    title: '新增设备',
    selection: 'none',
  }),
  resetSecret: dialogEndpoint<{ id: Id }, AccessDeviceSecret>(`${B}/resetSecret`, {
    screen: 'AccessControlManagement',
    dialog: 'accessDeviceSecret',
    title: '重置密钥',
    selection: 'single',
  }),
  faceThreshold: dialogEndpoint<FaceThresholdBody, FaceThreshold>(`${B}/faceThreshold`, {
    screen: 'AccessControlManagement',
    dialog: 'accessFaceThreshold',
    title: '识别阈值',
    selection: 'none',
  }),
  faceThresholdOf: endpoint<{ village_id: Id }, FaceThreshold>(`${B}/faceThresholdOf`),
} as const;

/** 识别阈值 of a village: a face match below it (percent, 50–99) raises a stranger alert. */
export type FaceThresholdBody = { village_id: Id; threshold: number };
export type FaceThreshold = { village_id: number; threshold: number };

/** A device's heartbeat: what it says about itself (all optional). */
export type DeviceHeartbeatBody = { ip?: string; firmware?: string };
export type DeviceHeartbeatReply = { online: true; time: string };

/** 1 人脸, 2 刷卡, 3 二维码, 4 人员编号 */
export type AccessOpenType = 1 | 2 | 3 | 4;
/** A device's signed passage. */
export type AccessEventBody = {
  /** the device's own event number (unique per device, the same when resent) */
  event_id: string;
  open_type: AccessOpenType;
  /** the resident the device recognised (a resident of the device's village); none: 陌生人 */
  person_id?: Id | null;
  card_no?: string;
  face_id?: string;
  qr_code?: string;
  /** the door of the controller, 1 by default */
  door?: number;
  /** 1 进, anything else 出; default: the device's direction */
  jctype?: number;
  /** YYYY-MM-DD HH:mm:ss Beijing time; default: when received */
  time?: string;
  picture?: string;
  /** a face match, in percent */
  similarity?: number;
};
/** The passage recorded; replay: the device sent this event before, the first record answers again. */
export type AccessEventReply = {
  id: number;
  event_id: string;
  jctype: number;
  person_name: string;
  time: string;
  replay: boolean;
};

/** The face ids the device holds now. */
export type DeviceFacesBody = { faces: string[] };
export type DeviceFacesReply = { count: number; time: string };

/** A face the device is to take: its id (as it reports it back), the person's name, picture and card. */
export type DeviceFaceToAdd = { face_id: string; name: string; face_img: string; card: string };
/** A list change for the device: whom to add and whom to remove; it reports back with commandResult. */
export type DeviceCommand = { sync_id: number; add: DeviceFaceToAdd[]; remove: string[] };
export type DeviceCommandsReply = { commands: DeviceCommand[] };
/** What the device did with a command: every face taken but those it names as failed. */
export type DeviceCommandResultBody = { sync_id: number; failed?: { face_id: string; reason: string }[] };
export type DeviceCommandResultReply = {
  sync_id: number;
  state: 'done' | 'failed';
  added: number;
  removed: number;
  failed: number;
};

/** The door controllers' and face terminals' calls (a device, signed; not the web's). */
export const accessDeviceApi = {
  heartbeat: endpoint<DeviceHeartbeatBody, DeviceHeartbeatReply>('/Iot/Device/heartbeat'),
  event: endpoint<AccessEventBody, AccessEventReply>('/Iot/Device/event'),
  faces: endpoint<DeviceFacesBody, DeviceFacesReply>('/Iot/Device/faces'),
  commands: endpoint<Record<string, never>, DeviceCommandsReply>('/Iot/Device/commands'),
  commandResult: endpoint<DeviceCommandResultBody, DeviceCommandResultReply>('/Iot/Device/commandResult'),
} as const;
