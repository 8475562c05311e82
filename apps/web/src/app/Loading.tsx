/**
 * The spinner while a page's chunk loads: plain elements and CSS (global.css), since the router shows it before
 * antd has loaded (the login page and the first paint of every page carry no antd).
 */
export const Loading = ({ text = '加载中...' }: { text?: string }) => (
  <div className="full-center" data-testid="loading" style={{ minHeight: 200 }}>
    <div className="page-loading" role="status">
      <span className="page-loading-dot" aria-hidden />
      <span className="page-loading-text">{text}</span>
    </div>
  </div>
);
