import type { DataScreenWeather } from '@5a/contracts/endpoints/datascreen';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { appSlot, type AppRegistry } from '../../../core/engine/registry.ts';
import { configs, configSecretKey, decryptSecret } from '../../system/index.ts';
import { WeatherError, type WeatherNow, type WeatherProvider } from './provider.ts';
import { qweatherProvider } from './qweather.ts';
import { sandboxWeatherProvider } from './sandbox.ts';

export const NO_WEATHER = '未配置天气服务';
/** a provider's answer is kept this long per company and place; a failure for a minute */
export const WEATHER_TTL_MS = 30 * 60_000;
const FAILURE_TTL_MS = 60_000;
const MAX_ENTRIES = 1000;

/**
 * The company settings (参数配置) a weather service is configured by: weather_provider 'qweather', its key (kept
 * encrypted: the name says secret), the account's API host, and the place asked when a village has no location.
 */
const weatherKeys = ['weather_provider', 'qweather_secret_key', 'qweather_host', 'weather_location'] as const;
type WeatherKeys = Partial<Record<(typeof weatherKeys)[number], string>>;

type Entry = { at: number; ttl: number; value: WeatherNow | WeatherError };
/** per app: whether this start may fall back to the sandbox, a provider a test installs, and the answers kept */
const weatherSlot = appSlot('dashboard.weather', () => ({
  sandbox: false,
  provider: null as WeatherProvider | null,
  cache: new Map<string, Entry>(),
}));
export const setWeatherSandbox = (registry: AppRegistry, sandbox: boolean) => {
  registry.slot(weatherSlot).sandbox = sandbox;
};
export const useWeatherProvider = (registry: AppRegistry, provider: WeatherProvider | null) => {
  const slot = registry.slot(weatherSlot);
  slot.provider = provider;
  slot.cache.clear();
};

/** The company's provider and default place: QWeather with its key, else the sandbox where allowed, else none. */
const providerFor = async (
  registry: AppRegistry,
  db: Db,
  tenantId: number,
): Promise<{ provider: WeatherProvider | null; location: string }> => {
  const slot = registry.slot(weatherSlot);
  const rows = await db
    .select({ key: configs.configKey, value: configs.configValue })
    .from(configs)
    .where(and(eq(configs.tenantId, tenantId), inArray(configs.configKey, [...weatherKeys])));
  const c = Object.fromEntries(
    rows.map((r) => [r.key, decryptSecret(configSecretKey(registry), r.value)]),
  ) as WeatherKeys;
  const location = c.weather_location?.trim() ?? '';
  if (slot.provider) return { provider: slot.provider, location };
  if (c.weather_provider === 'qweather' && c.qweather_secret_key)
    return { provider: qweatherProvider({ key: c.qweather_secret_key, host: c.qweather_host }), location };
  return { provider: slot.sandbox ? sandboxWeatherProvider() : null, location };
};

/** 'lon,lat' to two decimals, as QWeather takes coordinates; anything else (a location id) as it is */
export const placeOf = (lonlat: string) => {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(lonlat);
  return m ? `${Number(m[1]).toFixed(2)},${Number(m[2]).toFixed(2)}` : lonlat.trim();
};

const empty = (msg: string, provider: DataScreenWeather['provider'] = '', location = ''): DataScreenWeather => ({
  configured: provider !== '',
  provider,
  location,
  weather: '',
  temperature: '',
  temperature_curr: '',
  api: '',
  aqi: '',
  pm25: '',
  updated_at: '',
  msg,
});

const deg = (n: number | null) => (n === null ? '' : `${n}℃`);

/**
 * The weather at a village's location (else the company's configured place), through the company's provider, kept
 * 30 minutes per company and place. Never throws: a screen shows why there is none.
 */
export const weatherFor = async (
  registry: AppRegistry,
  db: Db,
  tenantId: number,
  lonlat: string,
  now = Date.now(),
): Promise<DataScreenWeather> => {
  const { provider, location: fallback } = await providerFor(registry, db, tenantId);
  if (!provider) return empty(NO_WEATHER);
  const location = placeOf(lonlat) || placeOf(fallback);
  if (!location) return empty('未设置小区位置，无法查询天气', provider.kind);
  const { cache } = registry.slot(weatherSlot);
  const key = `${tenantId}|${provider.kind}|${location}`;
  let hit = cache.get(key);
  if (!hit || now - hit.at >= hit.ttl) {
    const value = await provider
      .now(location)
      .catch((e: unknown) => (e instanceof WeatherError ? e : new WeatherError(`天气查询失败：${String(e)}`)));
    hit = { at: now, ttl: value instanceof WeatherError ? FAILURE_TTL_MS : WEATHER_TTL_MS, value };
    cache.delete(key);
    cache.set(key, hit);
    // the oldest entries go first (a Map keeps insertion order)
    while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  }
  const w = hit.value;
  if (w instanceof WeatherError) return empty(w.message, provider.kind, location);
  return {
    configured: true,
    provider: provider.kind,
    location,
    weather: w.weather,
    temperature: w.low === null || w.high === null ? '' : `${w.low}~${w.high}℃`,
    temperature_curr: deg(w.current),
    api: w.aqi,
    aqi: w.category,
    pm25: w.pm25,
    updated_at: w.observedAt,
    msg: '',
  };
};
