import { and, eq, ne } from 'drizzle-orm';
import { DEMO_STREAM_PATH } from '@5a/contracts/endpoints/video';
import { defineResource } from '../../core/engine/registry.ts';
import type { ResourceDef } from '../../core/engine/types.ts';
import { invalid } from '../../core/errors.ts';
import { villageField } from '../tenancy/index.ts';
import { videoCameras } from './schema.ts';

export const CAMERA_BASE = '/Web/Internet/VideoList';
export const CAMERA_STATE = { enabled: 1, disabled: 0 } as const;

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * An HLS playlist the browser can fetch: an http(s) URL whose path ends .m3u8 (an NVR's or a media gateway's), or
 * this server's demo stream. Nothing else (no javascript:, no other file types) reaches a video element.
 */
export const STREAM_URL_PATTERN = `^(https?://[^\\s/?#]+(/[^\\s?#]*)?\\.m3u8([?#]\\S*)?|${escaped(DEMO_STREAM_PATH)})$`;

/** 视频监控: the company's cameras, grouped on the wall by village and area. */
export const videoListResource: ResourceDef = defineResource({
  route: `${CAMERA_BASE}/listConfig`,
  title: '视频监控',
  name: 'VideoList',
  menu: {
    app: 'web',
    group: 'iot',
    title: '视频监控',
    order: 3,
    buttons: ['add', 'edit', 'remove', 'export', 'import'],
  },
  table: videoCameras,
  ownership: 'tenant',
  villageScoped: true,
  order: [
    { column: 'camera_no', dir: 'asc' },
    { column: 'id', dir: 'asc' },
  ],
  toolbar: ['add', 'export', 'import', 'batchDelete'],
  rowActions: ['detail', 'edit', 'delete'],
  fields: [
    villageField(),
    { prop: 'camera_no', label: '编号', type: 'text', required: true, maxLength: 32, search: true, width: 110 },
    { prop: 'name', label: '名称', type: 'text', required: true, maxLength: 50, search: true, width: 160 },
    {
      prop: 'area',
      label: '区域',
      type: 'text',
      maxLength: 50,
      search: true,
      width: 110,
      placeholder: '如：东门、地下车库',
    },
    { prop: 'location', label: '安装位置', type: 'text', maxLength: 255, width: 180 },
    {
      prop: 'stream_url',
      label: '视频流地址',
      type: 'text',
      required: true,
      maxLength: 500,
      width: 240,
      placeholder: 'https://…/live.m3u8',
      pattern: {
        source: STREAM_URL_PATTERN,
        message: '视频流地址格式错误：须为以 .m3u8 结尾的 http(s) 地址（HLS）',
      },
    },
    {
      prop: 'state',
      label: '状态',
      type: 'select',
      options: [
        { label: '启用', value: CAMERA_STATE.enabled },
        { label: '停用', value: CAMERA_STATE.disabled },
      ],
      required: true,
      defaultValue: CAMERA_STATE.enabled,
      search: 'eq',
      batch: true,
      width: 80,
    },
    { prop: 'remark', label: '备注', type: 'textarea', maxLength: 255, table: false },
    { prop: 'created_at', label: '创建时间', type: 'datetime', readonly: true, width: 160, import: false },
  ],
  hooks: {
    beforeSave: async ({ db, caller }, values, existing) => {
      const no = values.cameraNo;
      if (typeof no !== 'string' || (existing && no === existing.cameraNo)) return values;
      // the number is unique in the company, whichever village the caller may see: the index is the backstop
      const [taken] = await db
        .select({ id: videoCameras.id })
        .from(videoCameras)
        .where(
          and(
            eq(videoCameras.tenantId, caller.actor.tenantId!),
            eq(videoCameras.cameraNo, no),
            existing ? ne(videoCameras.id, Number(existing.id)) : undefined,
          ),
        )
        .limit(1);
      if (taken) throw invalid('编号已存在', 'camera_no');
      return values;
    },
  },
});
