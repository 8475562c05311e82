import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { installAuthFailureHandler } from './app/logout.ts';
import { Providers } from './app/Providers.tsx';
import { router } from './app/router.tsx';
import './app/global.css';
import { installGlobalErrorLogging } from './lib/log.ts';

installGlobalErrorLogging();
installAuthFailureHandler();

const el = document.getElementById('root');
if (el) {
  createRoot(el).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}
