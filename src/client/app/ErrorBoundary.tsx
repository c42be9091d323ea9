import { Component, type ErrorInfo, type ReactNode } from 'react';

/** Keeps one broken view from blanking the whole portal; offers a reload instead. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('View failed', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="notice-card notice-card--error" role="alert">
        <p className="notice-card__title">This page could not be displayed.</p>
        <p className="notice-card__body">Your progress is saved. Reload the page to continue.</p>
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>Reload Page</button>
      </div>
    );
  }
}
