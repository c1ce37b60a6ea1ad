import { Component, type ErrorInfo, type ReactNode } from 'react';
import './dialogs.css';
import { renderFailureMessage, type RenderFailure } from '../../lib/errorReport';

interface Props {
  failure: RenderFailure;
  /** Closing returns to the root for tabs and pages, or closes the modal (spec 8). */
  onClose: () => void;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Catches a tab, modal or page that fails to render and shows the spec's message instead. */
export class RenderErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(renderFailureMessage(this.props.failure), error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="render-failure" role="alert">
        <p>{renderFailureMessage(this.props.failure)}</p>
        <button
          type="button"
          className="button"
          onClick={() => {
            this.setState({ error: null });
            this.props.onClose();
          }}
        >
          Close
        </button>
      </div>
    );
  }
}
