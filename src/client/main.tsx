import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { installGlobalErrorReporting } from './app/errorReporting';
import { createAppRouter } from './app/router';
import { createSystem } from './app/system';
import { applyStoredTheme } from './app/theme';

applyStoredTheme();
installGlobalErrorReporting();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// Created once, outside React: StrictMode may render and run effects twice, never restart these.
const router = createAppRouter();
const system = createSystem((to) => void router.navigate(to));
createRoot(container).render(
  <StrictMode>
    <App system={system} router={router} />
  </StrictMode>,
);
