import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import '../ui/theme.css';
import './shell.css';

// Spec: right-click disabled (form fields keep their context menu for paste and spelling).
document.addEventListener('contextmenu', (e) => {
  const target = e.target as HTMLElement | null;
  if (!target?.closest('input, textarea, select, [contenteditable="true"]')) e.preventDefault();
});

const root = document.getElementById('root');
if (root) createRoot(root).render(<StrictMode><App /></StrictMode>);
