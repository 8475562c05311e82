import { describe, expect, it } from 'vitest';
import { geocode, parseGeocodeReply, SEARCH_NOT_CONFIGURED, searchUrlOf } from './geocode.ts';

describe('address search', () => {
  it('fills {keyword} and {key} into the template', () => {
    expect(searchUrlOf('https://maps.example/place?keywords={keyword}&key={key}', '文三路 188号', 'k1')).toBe(
      'https://maps.example/place?keywords=%E6%96%87%E4%B8%89%E8%B7%AF%20188%E5%8F%B7&key=k1',
    );
    expect(searchUrlOf('https://maps.example/place', 'a', 'k')).toBe('https://maps.example/place?keywords=a&key=k');
    expect(searchUrlOf('https://maps.example/place?x={keyword}&key={key}', 'a', '')).toBeNull();
    expect(searchUrlOf('', 'a', 'k')).toBeNull();
  });
  it('reads pois[0].location', () => {
    expect(parseGeocodeReply({ status: '1', pois: [{ name: '阳光花园', location: '120.1301,30.2789' }] })).toEqual({
      point: [120.1301, 30.2789],
      name: '阳光花园',
    });
    expect(parseGeocodeReply({ pois: [{ location: { lng: 120.1, lat: 30.2 } }] })).toEqual({
      point: [120.1, 30.2],
      name: '',
    });
    expect(parseGeocodeReply({ pois: [] })).toBeNull();
    expect(parseGeocodeReply({ pois: [{ location: '' }] })).toBeNull();
    expect(parseGeocodeReply(null)).toBeNull();
  });
  it('says the service is not configured without a key (no request made)', async () => {
    expect(await geocode('https://maps.example/place?keywords={keyword}&key={key}', '', '文三路')).toEqual({
      ok: false,
      message: SEARCH_NOT_CONFIGURED,
    });
  });
});
