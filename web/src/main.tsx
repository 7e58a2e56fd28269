import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Global styles first, so component styles (imported by the components) come after them in the cascade.
import '@/styles/index.css';
// Before the router: the leave guard's Back/Forward listener must be the first on window.
import '@/lib/unsaved/pop-hook';
import { App } from '@/app/app';
import { loadRuntimeConfig } from '@/config/runtime-config';

// Start fetching the configuration before React's first render (the provider reuses this request).
loadRuntimeConfig().catch(() => {
  // The provider reports a failure when it asks again.
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
