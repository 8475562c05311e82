import { describe, expect, it } from 'vitest';
import { fromQWeather, qweatherProvider, qweatherUrls } from './qweather.ts';
import { WeatherError } from './provider.ts';

/** replies as QWeather's v7 API sends them (trimmed of fields the screens do not read) */
const NOW = {
  code: '200',
  updateTime: '2026-03-18T14:32+08:00',
  fxLink: 'https://www.qweather.com/weather/hangzhou-101210101.html',
  now: {
    obsTime: '2026-03-18T14:25+08:00',
    temp: '17',
    feelsLike: '16',
    icon: '101',
    text: '多云',
    wind360: '90',
    windDir: '东风',
    windScale: '2',
    humidity: '56',
  },
  refer: { sources: ['QWeather'], license: ['QWeather Developers License'] },
};
const DAILY = {
  code: '200',
  updateTime: '2026-03-18T13:35+08:00',
  daily: [
    { fxDate: '2026-03-18', tempMax: '20', tempMin: '11', textDay: '多云', textNight: '晴' },
    { fxDate: '2026-03-19', tempMax: '22', tempMin: '12', textDay: '晴', textNight: '晴' },
  ],
};
const AIR = {
  code: '200',
  updateTime: '2026-03-18T14:00+08:00',
  now: { pubTime: '2026-03-18T14:00+08:00', aqi: '63', level: '2', category: '良', primary: 'PM2.5', pm2p5: '45' },
};

describe('和风天气 client', () => {
  it('asks the three v7 calls at the account host with the key, the place and Chinese', () => {
    const u = qweatherUrls({ key: 'k123', host: 'https://abc.re.qweatherapi.com/' }, '120.16,30.28');
    expect(u.now).toBe('https://abc.re.qweatherapi.com/v7/weather/now?location=120.16%2C30.28&key=k123&lang=zh&unit=m');
    expect(u.daily).toMatch(/^https:\/\/abc\.re\.qweatherapi\.com\/v7\/weather\/3d\?/);
    expect(u.air).toMatch(/\/v7\/air\/now\?location=120\.16%2C30\.28&key=k123/);
    expect(qweatherUrls({ key: 'k' }, '101210101').now).toMatch(/^https:\/\/devapi\.qweather\.com\/v7\/weather\/now\?/);
  });

  it('maps the replies to the weather, today’s range and the air quality', () => {
    expect(fromQWeather(NOW, DAILY, AIR)).toEqual({
      weather: '多云',
      low: 11,
      high: 20,
      current: 17,
      aqi: '63',
      category: '良',
      pm25: '45',
      observedAt: '2026-03-18 14:25:00',
    });
    // no air quality for the place leaves it empty
    expect(fromQWeather(NOW, DAILY, { code: '204' })).toMatchObject({ aqi: '', category: '', pm25: '' });
  });

  it('names the provider’s refusal', () => {
    expect(() => fromQWeather({ code: '401' }, DAILY, AIR)).toThrow(/认证失败/);
    expect(() => fromQWeather(NOW, { code: '402' }, AIR)).toThrow(WeatherError);
  });

  it('calls through fetch and reports a connection failure in Chinese', async () => {
    const asked: string[] = [];
    const replies: Record<string, object> = { now: NOW, '3d': DAILY, air: AIR };
    const fake = (async (url: string) => {
      asked.push(url);
      const key = /\/v7\/(?:weather|air)\/(now|3d)\?/.exec(url)![1]!;
      const reply = url.includes('/air/') ? replies.air : replies[key];
      return new Response(JSON.stringify(reply), { status: 200 });
    }) as typeof fetch;
    const w = await qweatherProvider({ key: 'k' }, fake).now('120.16,30.28');
    expect(w.current).toBe(17);
    expect(asked).toHaveLength(3);
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    await expect(qweatherProvider({ key: 'k' }, down).now('1,1')).rejects.toThrow('天气服务无法连接：fetch failed');
  });
});
