import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

const container = document.getElementById('root');
if (!container) throw new Error('#root not found');

const root = createRoot(container);
// The first render runs now, inside this script, not in a later task: the sign-in page's static markup
// (login-shell.html, whose button does nothing) is replaced by the live page before DOMContentLoaded.
flushSync(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
