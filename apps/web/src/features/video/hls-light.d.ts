// hls.js ships no declaration for its light build (the same API, without subtitles, alternate audio and DRM)
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
