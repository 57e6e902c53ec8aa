import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { brand, webConfig } from './config/brand';
import { applyBrand } from './lib/brand/apply-brand';
import { initI18n } from './lib/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

applyBrand(brand, webConfig);

createRoot(root).render(
  <StrictMode>
    <App i18n={initI18n(undefined, { lng: brand.staticLanguage })} />
  </StrictMode>,
);
