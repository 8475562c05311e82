/** Today's weather at a place, as the screens show it. */
export type WeatherNow = {
  weather: string;
  /** today's low and high, ℃ */
  low: number | null;
  high: number | null;
  /** now, ℃ */
  current: number | null;
  /** air quality index and its category ('' when the provider has none for the place) */
  aqi: string;
  category: string;
  /** PM2.5 in μg/m³ ('' when the provider has none for the place) */
  pm25: string;
  /** the provider's time of the observation, YYYY-MM-DD HH:mm:ss */
  observedAt: string;
};

/** One interface for every weather provider: QWeather (和风天气) in production, the sandbox in the demo and tests. */
export type WeatherProvider = {
  kind: 'qweather' | 'sandbox';
  /** `location`: 'lon,lat' or the provider's location id; throws WeatherError with the provider's reason */
  now: (location: string) => Promise<WeatherNow>;
};

export class WeatherError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WeatherError';
  }
}
