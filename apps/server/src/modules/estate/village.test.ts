import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code, type ListReply, type ScreenConfig } from '@5a/contracts';
import { type DemoApp, loginWithRole, openDemo } from './testing.ts';

let { t, property, propertyb, staff, ids } = {} as DemoApp;
const BASIC = ['Index', 'Village', 'Building', 'House', 'GatePerson', 'Worker'];
beforeAll(async () => ({ t, property, propertyb, staff, ids } = await openDemo()));
afterAll(() => t.close());

// keys as the upload answers them (owner / month / uuid.ext)
const KEY_A = 't1/202601/0f8fad5b-d9cb-469f-a165-70867728950e.jpg';
const KEY_B = 't1/202601/7c9e6679-7425-40de-944b-e07fc1f90ae7.png';

type Item = { title: string; val: number | string; dw: string; type: string };
type VillageView = {
  baseInfo: { title: string; items: Item[] }[];
  buildInfo: { id: number; name: string }[];
  trafficInfo: { name: string; sex: number; img: string; jctype: number; create_time: string }[];
  otherInfo: { title: string; type: string; list: { id: number; name: string; desc: string }[] }[];
};

describe('小区', () => {
  it('saves map point, hot area with default colours, pictures, two-decimal area and switches', async () => {
    const c = (await t.post<ScreenConfig>('/Web/Basic/Village/listConfig', {}, property)).body.data;
    expect(c.rowActions).toContainEqual({ type: 'viewVillage', title: '查看小区', api: '/Web/Basic/Village/cView' });
    expect(c.fields.find((f) => f.prop === 'geom')).toMatchObject({ type: 'mapPolygon', inImport: false });
    const row = {
      name: '测试小区',
      region_code: '330106',
      address: '文一路 1 号',
      lonlat: '120.1,30.2',
      service_phone: '0571-12345678',
      floor_area: '1234.5',
      imgs: [KEY_A, `/xapi/Common/Document/file/${KEY_B}`],
      introduction: '<p>介绍</p><script>x</script>',
    };
    const add = (r: object) => t.post<{ id: number }>('/Web/Basic/Village/add', { row: r }, property);
    expect((await add({ ...row, geom: '120.1,30.2;120.2,30.2' })).body).toMatchObject({
      msg: '小区热区至少需要3个“经度,纬度”点',
      data: { field: 'geom' },
    });
    expect((await add({ ...row, geom: '120.1,30.2;120.2,30.2;120.2,30.3--120.15,30.25--red' })).body.msg).toBe(
      '小区热区的颜色格式错误',
    );
    expect((await add({ ...row, floor_area: '12.345' })).body).toMatchObject({
      msg: '占地面积应为数字，最多两位小数',
      data: { field: 'floor_area' },
    });
    expect((await add({ ...row, service_phone: 'abc' })).body).toMatchObject({
      msg: '服务电话格式错误',
      data: { field: 'service_phone' },
    });
    expect((await add({ ...row, lonlat: '120.1' })).body.msg).toBe('小区位置应为“经度,纬度”');
    expect((await add({ ...row, closed: 3 })).body.msg).toBe('是否关闭只能是1或2');
    const res = await add({ ...row, geom: '120.1,30.2;120.2,30.2;120.2,30.3' });
    expect(res.body.code).toBe(0);
    const d = (await t.post<Record<string, unknown>>('/Web/Basic/Village/detail', { id: res.body.data.id }, property))
      .body.data;
    expect(d).toMatchObject({
      geom: '120.1,30.2;120.2,30.2;120.2,30.3----rgba(24,144,255,0.3)--#1890ff',
      floor_area: '1234.50',
      imgs: `${KEY_A},/xapi/Common/Document/file/${KEY_B}`,
      introduction: '<p>介绍</p>',
      f_visitor_registration: 1,
      closed: 2,
    });
    expect(
      (
        await t.post(
          '/Web/Basic/Village/edit',
          { row: { id: res.body.data.id, closed: 1, f_visitor_registration: 2 } },
          property,
        )
      ).body.code,
    ).toBe(0);
    expect(
      (await t.post('/Web/Basic/Village/edit', { row: { id: res.body.data.id, name: 'x' } }, propertyb)).body.code,
    ).toBe(Code.notFound);
    expect((await t.post('/Web/Basic/Village/del', { id: res.body.data.id }, property)).body.msg).toBe('删除成功!');
    expect((await t.post('/Web/Basic/Village/del', { id: ids.sunshine.id }, property)).body.msg).toBe(
      '小区“阳光花园”下有6栋楼，不能删除',
    );
  });

  it('takes pictures only from our own document store: another host would receive the file-read token', async () => {
    const add = (row: object) =>
      t.post<{ id: number }>(
        '/Web/Basic/Village/add',
        {
          row: {
            name: '图片测试',
            region_code: '330106',
            address: '文一路 2 号',
            lonlat: '120.1,30.2',
            floor_area: '100',
            ...row,
          },
        },
        property,
      );
    for (const bad of [
      '//other-host/x.jpg',
      'https://other-host/x.jpg',
      '/\\other-host/x.jpg',
      't1/202601/../../x.jpg',
      'javascript:alert(1)',
    ])
      expect((await add({ imgs: [KEY_A, bad] })).body, bad).toMatchObject({
        code: Code.validation,
        msg: '小区图片格式错误',
        data: { field: 'imgs' },
      });
    const building = await t.post(
      '/Web/Basic/Building/add',
      {
        row: {
          village_id: ids.sunshine.id,
          name: '图片楼',
          units: 1,
          floors: 1,
          rooms_per_floor: 1,
          img: '//other-host/x.jpg',
        },
      },
      property,
    );
    expect(building.body).toMatchObject({ code: Code.validation, msg: '楼栋照片格式错误', data: { field: 'img' } });
    expect(await t.one(sql`select count(*)::int n from villages where name = '图片测试'`)).toEqual({ n: 0 });
    const ok = await add({ imgs: KEY_A });
    expect(ok.body.code).toBe(0);
    expect((await t.post('/Web/Basic/Village/del', { id: ok.body.data.id }, property)).body.code).toBe(0);
  });

  it('limits the village list and the global selector to the role data scope', async () => {
    const jade = await loginWithRole(t, 'v-jade', { pages: BASIC, villages: [ids.jade.id] });
    expect(
      (await t.post<{ label: string }[]>('/Web/Basic/Village/options', {}, jade.token)).body.data.map((o) => o.label),
    ).toEqual(['翠湖名苑']);
    expect(
      (await t.post<ListReply>('/Web/Basic/Village/list', {}, jade.token)).body.data.records.map((r) => r.name),
    ).toEqual(['翠湖名苑']);
    expect((await t.post('/Web/Basic/Village/detail', { id: ids.sunshine.id }, jade.token)).body.code).toBe(
      Code.notFound,
    );
    expect(
      (await t.post('/Web/Basic/Village/edit', { row: { id: ids.sunshine.id, name: 'x' } }, jade.token)).body.code,
    ).toBe(Code.notFound);
    // the repair and patrol staff chooses a village on a work order: the villages of his role, no others
    expect(
      (await t.post<{ label: string }[]>('/Web/Basic/Village/options', {}, staff)).body.data.map((o) => o.label).sort(),
    ).toEqual(['翠湖名苑', '阳光花园'].sort());
    const all = await loginWithRole(t, 'v-all', { pages: BASIC, villages: null });
    expect((await t.post<{ label: string }[]>('/Web/Basic/Village/options', {}, all.token)).body.data).toHaveLength(2);
  });
});

describe('小区视图', () => {
  it('groups real counts by route type, lists buildings, access records and people', async () => {
    const vid = ids.sunshine.id;
    const view = async (token = property) =>
      (await t.post<VillageView>('/Web/Basic/Village/cView', { vid }, token)).body.data;
    const v = await view();
    const items = v.baseInfo.flatMap((g) => g.items);
    const byType = new Map(items.filter((i) => i.type).map((i) => [i.type, i]));
    expect([...byType.keys()]).toEqual([
      'building',
      'house',
      'house1',
      'house2',
      'house3',
      'person',
      'person1',
      'person2',
      'person3',
      'access_control',
    ]);
    const h = await t.one<
      Record<string, number>
    >(sql`select count(*)::int house, count(*) filter (where house_type = 1)::int house1, count(*) filter (where house_type = 2)::int house2,
      count(*) filter (where house_type = 3)::int house3 from houses where village_id = ${vid}`);
    const p = await t.one<
      Record<string, number>
    >(sql`select count(*)::int person, count(*) filter (where personnel_type = 1)::int person1, count(*) filter (where personnel_type = 2)::int person2,
      count(*) filter (where personnel_type = 3)::int person3 from gate_persons where village_id = ${vid}`);
    for (const [k, n] of Object.entries({ ...h, ...p, building: 6 })) expect(byType.get(k)?.val, k).toBe(n);
    expect(byType.get('house1')).toMatchObject({ title: '住宅', dw: '套' });
    expect(byType.get('person2')).toMatchObject({ title: '租户', dw: '人' });
    expect(items.find((i) => i.title === '占地面积')).toMatchObject({ val: '86500.00', dw: '㎡' });
    expect(v.buildInfo.map((b) => b.name)).toEqual(['1幢', '2幢', '3幢', '4幢', '5幢', '6幢']);
    // the latest 20 passages the village's devices recorded, and today's count
    const passedToday = async () =>
      (
        await t.one<{ n: number }>(sql`select count(*)::int as n from access_records where village_id = ${vid}
          and created_at >= date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai'`)
      ).n;
    const latest = await t.rows<{ name: string }>(
      sql`select person_name as name from access_records where village_id = ${vid} order by created_at desc, id desc limit 20`,
    );
    expect(v.trafficInfo.map((r) => r.name)).toEqual(latest.map((r) => r.name));
    const before = await passedToday();
    expect(byType.get('access_control')?.val).toBe(before);
    expect(v.otherInfo.map((o) => o.title)).toEqual(['工作人员', '最新住户']);
    expect(v.otherInfo[0]!.list.map((w) => w.name)).toEqual(['赵强', '刘倩', '孙磊', '王秀兰', '张师傅', '李师傅']);
    expect(v.otherInfo[0]!.list[0]!.desc).toBe('秩序部 · 维修巡更员');
    expect(v.otherInfo[1]!.list).toHaveLength(20);

    await t.db
      .execute(sql`insert into access_records (tenant_id, village_id, person_name, sex, jctype, created_at) values
      (${ids.tenantA}, ${vid}, '陈女士', 2, 1, now() - interval '1 minute'), (${ids.tenantA}, ${vid}, '吴先生', 1, 2, now()),
      (${ids.tenantA}, ${vid}, '昨天', 1, 1, now() - interval '2 days'), (${ids.tenantA}, ${ids.jade.id}, '别处', 1, 1, now())`);
    const after = await view();
    expect(after.trafficInfo.slice(0, 2).map((r) => [r.name, r.sex, r.jctype])).toEqual([
      ['吴先生', 1, 2],
      ['陈女士', 2, 1],
    ]);
    expect(after.trafficInfo.map((r) => r.name)).not.toContain('别处');
    expect(after.trafficInfo[0]!.create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(after.baseInfo.flatMap((g) => g.items).find((i) => i.type === 'access_control')?.val).toBe(before + 2);
  });

  it('refuses another company’s village and villages outside the data scope', async () => {
    expect((await t.post('/Web/Basic/Village/cView', { vid: ids.anju.id }, property)).body.code).toBe(Code.notFound);
    expect((await t.post('/Web/Basic/Village/cView', { vid: ids.sunshine.id }, propertyb)).body.code).toBe(
      Code.notFound,
    );
    const jade = await loginWithRole(t, 'cv-jade', { pages: BASIC, villages: [ids.jade.id] });
    expect((await t.post('/Web/Basic/Village/cView', { vid: ids.sunshine.id }, jade.token)).body.code).toBe(
      Code.notFound,
    );
    expect((await t.post('/Web/Basic/Village/cView', { vid: ids.jade.id }, jade.token)).body.code).toBe(0);
    expect((await t.post('/Web/Basic/Village/cView', { vid: ids.jade.id }, staff)).body.code).toBe(Code.forbidden);
  });
});

describe('工作台', () => {
  const counts = async (villages: number[]) =>
    t.one<Record<string, number>>(sql`select
      (select count(*) from villages where id = any(${`{${villages.join(',')}}`}::int[]))::int as "小区",
      (select count(*) from buildings where village_id = any(${`{${villages.join(',')}}`}::int[]))::int as "楼栋",
      (select count(*) from houses where village_id = any(${`{${villages.join(',')}}`}::int[]))::int as "房屋",
      (select count(*) from gate_persons where village_id = any(${`{${villages.join(',')}}`}::int[]))::int as "住户",
      (select count(*) from workers where village_id = any(${`{${villages.join(',')}}`}::int[]))::int as "员工"`);
  type Bench = {
    super: boolean;
    name: string;
    greeting: string;
    indexModule?: string[];
    baseData: { title: string; num: number; url: string; icon: string }[];
  };

  it('gives the super administrator a greeting and real counts of the company', async () => {
    const b = (await t.post<Bench>('/Web/Basic/Index/index', {}, property)).body.data;
    expect(b).toMatchObject({ super: true, name: '阳光物业管理员' });
    expect(b.greeting).toMatch(/好$/);
    expect(Object.fromEntries(b.baseData.map((d) => [d.title, d.num]))).toEqual(
      await counts([ids.sunshine.id, ids.jade.id]),
    );
    expect(b.baseData[2]).toMatchObject({ title: '房屋', url: '/Web/Basic/House/listConfig' });
    const bb = (await t.post<Bench>('/Web/Basic/Index/index', {}, propertyb)).body.data;
    expect(Object.fromEntries(bb.baseData.map((d) => [d.title, d.num]))).toEqual(
      await counts([ids.anju.id, ids.jinxiu.id]),
    );
  });

  it('counts only the role villages for other users, who get their modules', async () => {
    const jade = await loginWithRole(t, 'wb-jade', { pages: BASIC, villages: [ids.jade.id] });
    const b = (await t.post<Bench>('/Web/Basic/Index/index', {}, jade.token)).body.data;
    // nothing chosen: the panels his rights reach (basic data, counts, and the panels every user may see)
    expect(b).toMatchObject({ super: false, indexModule: ['base_data', 'count_panel', 'notice', 'early_list'] });
    expect(Object.fromEntries(b.baseData.map((d) => [d.title, d.num]))).toEqual(await counts([ids.jade.id]));
    const some = await loginWithRole(t, 'wb-some', { pages: ['Index', 'House'], villages: [ids.sunshine.id] });
    await t.db.execute(sql`update users set index_module = 'base_data,notice' where id = ${some.userId}`);
    const s = (await t.post<Bench>('/Web/Basic/Index/index', {}, some.token)).body.data;
    expect(s.indexModule).toEqual(['base_data', 'notice']);
    expect(s.baseData.map((d) => [d.title, d.num])).toEqual([['房屋', (await counts([ids.sunshine.id]))['房屋']]]);
    const noBench = await loginWithRole(t, 'wb-none', { pages: ['House'], villages: [ids.sunshine.id] });
    expect((await t.post('/Web/Basic/Index/index', {}, noBench.token)).body.code).toBe(Code.forbidden);
  });
});

describe('员工', () => {
  it('adds with a role of the company, lists the role name, keeps to the village scope', async () => {
    const role = await t.one<{ id: number }>(sql`select id from roles where name = '维修巡更员'`);
    const roleB = await t.one<{ id: number }>(sql`select id from roles where name = '客服专员'`);
    const add = (row: object, token = property) => t.post<{ id: number }>('/Web/Basic/Worker/add', { row }, token);
    const base = {
      village_id: ids.jade.id,
      name: '钱师傅',
      phone: '13857100099',
      tenant_role_id: role.id,
      section_name: '工程部',
    };
    expect((await add({ ...base, phone: '1385710' })).body).toMatchObject({
      msg: '手机号码格式错误！',
      data: { field: 'phone' },
    });
    expect((await add({ ...base, phone: '' })).body.msg).toBe('请输入手机号码');
    expect((await add({ ...base, tenant_role_id: roleB.id })).body).toMatchObject({
      msg: '角色不存在',
      data: { field: 'tenant_role_id' },
    });
    expect((await add({ ...base, village_id: ids.anju.id })).body.msg).toBe('小区不存在或无权限');
    const res = await add(base);
    expect(res.body.code).toBe(0);
    expect(
      (
        await t.post<{ role_name: string }>(
          '/Web/Basic/Worker/detail?return=result',
          { id: res.body.data.id },
          property,
        )
      ).body.data,
    ).toMatchObject({ role_name: '维修巡更员', section_name: '工程部' });
    const sunny = await loginWithRole(t, 'w-sun', { pages: BASIC, villages: [ids.sunshine.id] });
    expect(
      (await t.post<ListReply>('/Web/Basic/Worker/list', {}, sunny.token)).body.data.records.map((r) => r.name),
    ).toEqual(['李师傅', '张师傅', '王秀兰', '孙磊', '刘倩', '赵强']);
    expect((await t.post('/Web/Basic/Worker/detail', { id: res.body.data.id }, sunny.token)).body.code).toBe(
      Code.notFound,
    );
    expect((await add(base, sunny.token)).body.msg).toBe('小区不存在或无权限');
    expect((await t.post('/Web/Basic/Worker/del', { id: res.body.data.id }, propertyb)).body.code).toBe(Code.notFound);
    expect((await t.post('/Web/Basic/Worker/del', { id: res.body.data.id }, property)).body.msg).toBe('删除成功!');
  });
});
