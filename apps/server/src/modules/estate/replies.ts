import { z } from 'zod';

/** The replies of the estate's own calls, as the serializer checks them and /docs shows them. */
const cate = z.object({ type: z.number().int(), title: z.string(), num: z.number().int() });

export const buildingViewReply = z.object({
  buildInfo: z.object({ build_name: z.string(), img: z.string(), bdp_img: z.string(), bdper: z.string() }),
  buildFirstName: z.string(),
  personNum: z.number().int(),
  houseNum: z.number().int(),
  personCateInfo: z.array(cate),
  houseCateInfo: z.array(cate),
  houseArr: z.array(
    z.object({
      unit_name: z.string(),
      floors: z.array(
        z.object({
          floor: z.number().int(),
          title: z.string(),
          houses: z.array(
            z.object({ id: z.number().int(), name: z.string(), type: z.number().int(), pnum: z.number().int() }),
          ),
        }),
      ),
    }),
  ),
  address: z.string(),
});

export const houseDetailReply = z.object({
  houseInfo: z.object({
    id: z.number().int(),
    village_id: z.number().int(),
    village_name: z.string(),
    building_id: z.number().int(),
    building_name: z.string(),
    unit_name: z.string(),
    floor: z.number().int(),
    name: z.string(),
    area: z.string().nullable().describe('㎡'),
    house_type: z.number().int(),
    house_state: z.number().int(),
    use_type: z.number().int(),
    balance: z.string().nullable().describe('预存余额（元）'),
    remark: z.string(),
    pnum: z.number().int(),
  }),
});

export const villageLocationReply = z.object({
  village_id: z.number().int(),
  name: z.string(),
  lonlat: z.string(),
  geom: z.string(),
});

export const villageViewReply = z.object({
  village: z.object({
    id: z.number().int(),
    name: z.string(),
    address: z.string(),
    lonlat: z.string(),
    geom: z.string(),
    imgs: z.string(),
    introduction: z.string(),
    closed: z.number().int(),
    f_visitor_registration: z.number().int(),
  }),
  baseInfo: z.array(
    z.object({
      title: z.string(),
      items: z.array(
        z.object({ title: z.string(), val: z.union([z.number(), z.string()]), dw: z.string(), type: z.string() }),
      ),
    }),
  ),
  buildInfo: z.array(z.object({ id: z.number().int(), name: z.string() })),
  trafficInfo: z.array(
    z.object({
      name: z.string(),
      sex: z.number().int(),
      img: z.string(),
      jctype: z.number().int(),
      create_time: z.string(),
    }),
  ),
  otherInfo: z.array(
    z.object({
      title: z.string(),
      type: z.string(),
      list: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          img: z.string(),
          desc: z.string(),
          create_time: z.string().optional(),
        }),
      ),
    }),
  ),
});

export const reviewFormReply = z.object({ id: z.number().int(), name: z.string(), status: z.number().int() });
