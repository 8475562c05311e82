import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installAuthFailureHandler } from './app/logout.ts';
import { AppRoutes } from './app/router.tsx';
import './app/global.css';
import { installGlobalErrorLogging } from './lib/log.ts';

installGlobalErrorLogging();
installAuthFailureHandler();

// antd's providers come with each page (app/AppProviders.tsx via app/router.tsx): the login page uses no antd
const el = document.getElementById('root');
if (el) {
  createRoot(el).render(
    <StrictMode>
      <AppRoutes />
    </StrictMode>,
  );
}
