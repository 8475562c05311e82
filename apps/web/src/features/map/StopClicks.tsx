import type { ReactNode } from 'react';

/**
 * React events bubble through portals: a dialog opened from a table cell would otherwise click
 * its row (master/footer lists select rows on click). Wrap such dialogs in this.
 */
export const StopClicks = ({ children }: { children: ReactNode }) => (
  <span onClick={(e) => e.stopPropagation()} style={{ display: 'contents' }}>
    {children}
  </span>
);
