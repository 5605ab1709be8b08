import './zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { initI18n } from './i18n/i18n';
import { App } from './app/app';
import { reportWebVitals } from './analytics/analytics';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Strings for the first screen are fetched while React starts; the shell renders once they arrive.
void initI18n().then(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// Web vitals load after the page has settled, never competing with the first paint.
const startVitals = () => void reportWebVitals().catch(() => {});
if ('requestIdleCallback' in window) window.requestIdleCallback(startVitals, { timeout: 5000 });
else setTimeout(startVitals, 3000);
