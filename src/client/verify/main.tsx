/**
 * The /verify page's entry (verify.html): its own first script in the investor build, with none of the investor app
 * (no session, router or API client), and nothing of it on the investor pages. Public: anyone may check a document.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { VerifyPage } from './VerifyPage.tsx';
import '../ui/theme.css';
import '../app/shell.css';
import './verify.css';

const root = document.getElementById('root');
if (root) createRoot(root).render(<StrictMode><VerifyPage /></StrictMode>);
