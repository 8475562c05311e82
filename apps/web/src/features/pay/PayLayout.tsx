import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';

/** A phone-width column for the public pay pages. */
export const PayLayout = ({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) => {
  useDocumentTitle(title);
  return (
    <div style={{ minHeight: '100%', background: '#f5f6f8', display: 'flex', justifyContent: 'center' }}>
      <div data-testid={testId} style={{ width: '100%', maxWidth: 440, padding: '24px 16px', boxSizing: 'border-box' }}>
        <h1 style={{ fontSize: 20, textAlign: 'center', margin: '4px 0 20px' }}>{title}</h1>
        {children}
      </div>
    </div>
  );
};
