import { Component, type ReactNode } from 'react';
import { VIEWER } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import { ViewerError } from './ViewerStatus.tsx';

interface Props {
  children: ReactNode;
  /** Called on 'Try Again' before the children are rendered again (e.g. to retry the lazy import). */
  onRetry: () => void;
}

/**
 * If the viewer's code cannot be loaded or throws while rendering, the rest of the page stays usable
 * and the reader sees 'Failed to initialize PDF viewer' with 'Try Again'.
 */
export class ViewerChunkBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('Document viewer failed', error);
  }

  private retry = () => {
    this.props.onRetry();
    this.setState({ failed: false });
  };

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="dv">
        <div className="dv-viewport" style={{ height: VIEWER.height }}>
          <ViewerError message={messages.pdf.initFailed} actionLabel={messages.pdf.tryAgain} onAction={this.retry} />
        </div>
      </section>
    );
  }
}
