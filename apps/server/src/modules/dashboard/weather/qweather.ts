import { formatTime } from '../../../core/time.ts';
import { WeatherError, type WeatherNow, type WeatherProvider } from './provider.ts';

export type QWeatherKeys = {
  key: string;
  /** the account's API host (console → 设置 → API Host); the shared free host when unset */
  host?: string;
};

export const QWEATHER_DEFAULT_HOST = 'devapi.qweather.com';

/** QWeather's reply codes other than 200 ('204' no data for the place is not an error for air quality) */
const CODE_TEXT: Record<string, string> = {
  '204': '该地区暂无数据',
  '400': '请求参数错误',
  '401': '认证失败，请检查 API Key',
  '402': '超过访问次数或余额不足',
  '403': '无访问权限',
  '404': '查询的地区或数据不存在',
  '429': '请求过于频繁',
  '500': '天气服务无响应',
};

type NowReply = { code: string; updateTime?: string; now?: { obsTime?: string; temp?: string; text?: string } };
type DailyReply = { code: string; daily?: { fxDate: string; tempMax?: string; tempMin?: string; textDay?: string }[] };
type AirReply = { code: string; now?: { aqi?: string; category?: string; pm2p5?: string } };

const num = (s: string | undefined) => (s === undefined || s === '' || Number.isNaN(Number(s)) ? null : Number(s));

/** The three calls' URLs: now, the 3-day forecast (today's low and high) and air quality now. */
export const qweatherUrls = (k: QWeatherKeys, location: string) => {
  const base = `https://${(k.host || QWEATHER_DEFAULT_HOST).replace(/^https?:\/\//, '').replace(/\/+$/, '')}`;
  const q = new URLSearchParams({ location, key: k.key, lang: 'zh', unit: 'm' });
  return {
    now: `${base}/v7/weather/now?${q}`,
    daily: `${base}/v7/weather/3d?${q}`,
    air: `${base}/v7/air/now?${q}`,
  };
};

/** The three replies as the screens' weather; a failed weather call throws, a missing air quality leaves it empty. */
export const fromQWeather = (now: NowReply, daily: DailyReply, air: AirReply): WeatherNow => {
  for (const r of [now, daily])
    if (r.code !== '200') throw new WeatherError(`天气查询失败：${CODE_TEXT[r.code] ?? `错误码 ${r.code}`}`);
  const today = daily.daily?.[0];
  const airNow = air.code === '200' ? air.now : undefined;
  return {
    weather: now.now?.text ?? today?.textDay ?? '',
    low: num(today?.tempMin),
    high: num(today?.tempMax),
    current: num(now.now?.temp),
    aqi: airNow?.aqi ?? '',
    category: airNow?.category ?? '',
    pm25: airNow?.pm2p5 ?? '',
    observedAt: formatTime(now.now?.obsTime ?? now.updateTime ?? new Date()),
  };
};

/** 和风天气 v7 (Web API, key as a query parameter; replies are gzip JSON, which fetch unpacks). */
export const qweatherProvider = (k: QWeatherKeys, fetchImpl: typeof fetch = fetch): WeatherProvider => ({
  kind: 'qweather',
  now: async (location) => {
    const urls = qweatherUrls(k, location);
    const get = async <T>(url: string): Promise<T> => {
      const res = await fetchImpl(url, { signal: AbortSignal.timeout(8_000), headers: { Accept: 'application/json' } });
      if (!res.ok && res.status !== 200) {
        const body = (await res.json().catch(() => ({}))) as { code?: string };
        return { code: body.code ?? String(res.status) } as T;
      }
      return (await res.json()) as T;
    };
    try {
      const [now, daily, air] = await Promise.all([
        get<NowReply>(urls.now),
        get<DailyReply>(urls.daily),
        get<AirReply>(urls.air).catch(() => ({ code: '204' }) as AirReply),
      ]);
      return fromQWeather(now, daily, air);
    } catch (e) {
      if (e instanceof WeatherError) throw e;
      throw new WeatherError(`天气服务无法连接：${e instanceof Error ? e.message : String(e)}`);
    }
  },
});
