/** One car park's occupancy now: cars inside (opened entries no opened exit closed) against its capacity. */
export type LotOccupancy = { id: number; name: string; capacity: number; parking: number; surplus: number };

/** 停车概览's reply: occupancy, today's passages by hour, the latest ten and revenue per lot (yuan) over a range. */
export type ParkingFigures = {
  villages: { id: number; name: string }[];
  village_id: number;
  date_range: [string, string];
  parkingIot: { parkNum: number; parking: number; surplus: number };
  lots: LotOccupancy[];
  hourly: { hour: number; into: number; out: number }[];
  vehicleEntryexit: { into: number; out: number };
  vehicleEntryexitList: { picimg: string; platenum: string; create_time: string; is_type: number }[];
  revenue: { lot_id: number; lot: string; temp: string; renewal: string; card: string }[];
};
