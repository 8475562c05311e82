/** Router navigation for code outside components (logout from the http client). */
type Navigate = (to: string, opts?: { replace?: boolean }) => void | Promise<void>;

let navigateFn: Navigate = (to) => {
  window.location.assign(to);
};

export const registerNavigate = (fn: Navigate) => {
  navigateFn = fn;
};

export const navigateTo: Navigate = (to, opts) => navigateFn(to, opts);

export const currentFullPath = () => window.location.pathname + window.location.search;

/** Location-change listeners, fed by the router as soon as a navigation completes (before lazy pages render). */
type LocationListener = (pathname: string, search: string) => void;
const locationListeners = new Set<LocationListener>();

export const onLocationChange = (listener: LocationListener) => {
  locationListeners.add(listener);
  return () => {
    locationListeners.delete(listener);
  };
};

export const emitLocation = (pathname: string, search: string) => locationListeners.forEach((l) => l(pathname, search));
