import { formatTime } from '../../../core/time.ts';
import type { WeatherProvider } from './provider.ts';

const SKIES = ['晴', '多云', '阴', '小雨', '晴', '多云'];
const AIR = ['优', '良', '良', '轻度污染'];

/**
 * The demo's weather: made up from the day and the place, the same all day, so the panel shows something without a
 * provider account. The screens mark it as 演示数据.
 */
export const sandboxWeatherProvider = (): WeatherProvider => ({
  kind: 'sandbox',
  now: async (location) => {
    const now = new Date();
    const seed = [...`${formatTime(now).slice(0, 10)}${location}`].reduce(
      (a, ch) => (a * 31 + ch.charCodeAt(0)) >>> 0,
      7,
    );
    const low = 8 + (seed % 12);
    const aqi = 30 + (seed % 90);
    return {
      weather: SKIES[seed % SKIES.length]!,
      low,
      high: low + 4 + (seed % 6),
      current: low + 2 + (seed % 3),
      aqi: String(aqi),
      category: AIR[Math.min(AIR.length - 1, Math.floor(aqi / 50))]!,
      // roughly what that index means for fine particles (an index of 50 is 35 μg/m³)
      pm25: String(Math.round((aqi * 35) / 50)),
      observedAt: formatTime(now),
    };
  },
});
