/** Map constants. */
export const MAP_PROJECTION = 'EPSG:4326';
/** default centre (lon, lat) */
export const MAP_CENTRE: [number, number] = [109.4, 31.5];
export const MAP_ZOOM = 6;
export const MAP_MIN_ZOOM = 6;
export const MAP_MAX_ZOOM = 16;
/** zoom when a current location exists */
export const MAP_LOCATION_ZOOM = 13;
/** the map re-measures its box this long after opening (dialogs animate in) */
export const MAP_RESIZE_DELAY_MS = 500;
/** a single click waits this long so a double click (zoom) does not also pick a point */
export const MAP_CLICK_DEBOUNCE_MS = 200;
/** plain background drawn under the tiles: the map works without any tile */
export const MAP_BACKGROUND = '#eef2f6';
