/** The back-office's entry (admin.html): its own module graph, nothing shared with the investor entry's chunks. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AdminApp } from './AdminApp.tsx';
import '../ui/theme.css';

const root = document.getElementById('root');
if (root) createRoot(root).render(<StrictMode><AdminApp /></StrictMode>);
