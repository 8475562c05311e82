import { useEffect } from 'react';
import { pageTitle } from '../config.ts';

/** The document title follows the route title. */
export const useDocumentTitle = (title: string) => {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
};
