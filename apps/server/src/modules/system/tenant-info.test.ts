import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, dynamicFormSchema, type DynamicForm } from '@5a/contracts';
import { setupApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let property: string;
beforeAll(async () => {
  t = await setupApp();
  property = await t.login('property');
});
afterAll(() => t.close());

describe('dynamic form: 物业信息', () => {
  it('serves tabbed forms with the read-only info block', async () => {
    const form = dynamicFormSchema.parse(
      (await t.post<DynamicForm>('/Web/Setting/TenantInfo/index', {}, property)).body.data,
    );
    expect(form).toMatchObject({
      formTitle: '物业信息',
      saveUrl: '/Web/Setting/TenantInfo/save',
      formType: 'basic',
      initForm: { contact: '李明', phone: '13800000001' },
    });
    expect(form.tabs?.map((x) => x.title)).toEqual(['基本信息', '服务设置']);
    expect(form.tabs?.[0]?.info).toContainEqual({ label: '公司名称', value: '阳光物业服务有限公司' });
    expect(form.tabs?.[1]?.initForm).toEqual({ service_phone: '0571-88886666', collect_min_discount: 50 });
  });

  it('saves each tab by formType with the same rules', async () => {
    expect(
      (await t.post('/Web/Setting/TenantInfo/save', { formType: 'basic', contact: '李明', phone: '123' }, property))
        .body.msg,
    ).toBe('手机号码格式错误！');
    expect(
      (await t.post('/Web/Setting/TenantInfo/save', { formType: 'basic', contact: '', phone: '13800000009' }, property))
        .body.msg,
    ).toBe('请输入联系人');
    expect(
      (
        await t.post(
          '/Web/Setting/TenantInfo/save',
          { formType: 'basic', contact: '李明明', phone: '13800000009' },
          property,
        )
      ).body.msg,
    ).toBe('保存成功!');
    expect(
      (await t.post('/Web/Setting/TenantInfo/save', { formType: 'service', service_phone: '0571-12345678' }, property))
        .body.code,
    ).toBe(0);
    const form = (await t.post<DynamicForm>('/Web/Setting/TenantInfo/index', {}, property)).body.data;
    expect(form.initForm).toEqual({ contact: '李明明', phone: '13800000009' });
    expect(form.tabs?.[1]?.initForm).toEqual({ service_phone: '0571-12345678', collect_min_discount: 50 });
    expect((await t.post('/Web/Setting/TenantInfo/save', { formType: 'nope' }, property)).body.msg).toBe(
      'formType 无效',
    );
  });

  it('keeps each company to its own data and refuses the staff user', async () => {
    const b = (await t.post<DynamicForm>('/Web/Setting/TenantInfo/index', {}, await t.login('propertyb'))).body.data;
    expect(b.tabs?.[0]?.info).toContainEqual({ label: '公司名称', value: '安居物业管理有限公司' });
    expect((await t.post('/Web/Setting/TenantInfo/index', {}, await t.login('staff'))).body.code).toBe(Code.forbidden);
  });
});
