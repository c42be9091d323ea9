import { messages } from '../../shared/messages.ts';

export function SecureBanner() {
  return (
    <div className="secure-banner" role="note">
      <span className="secure-banner__dot" aria-hidden="true" />
      {messages.banner}
    </div>
  );
}
