import { messages } from '../../shared/messages.ts';

export function LoadingScreen({ title = messages.loading, detail = messages.initializingAuth }: { title?: string; detail?: string }) {
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <p className="loading-screen__title">{title}</p>
      <p className="loading-screen__detail">{detail}</p>
    </div>
  );
}
