import { Component, type ErrorInfo, type ReactNode } from 'react';
import { i18n } from '../../i18n';
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

/** The render-failure text of spec 8 in the person's language (lib/errorReport.ts writes it in English for the console). */
export function renderFailureText(failure: RenderFailure): string {
  switch (failure.kind) {
    case 'tab':
      return i18n.t('errors:render.tab', { name: failure.name });
    case 'modal':
      return i18n.t('errors:render.modal', { name: failure.name });
    case 'page':
      return i18n.t('errors:render.page');
  }
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
        <p>{renderFailureText(this.props.failure)}</p>
        <button
          type="button"
          className="button"
          onClick={() => {
            this.setState({ error: null });
            this.props.onClose();
          }}
        >
          {i18n.t('errors:render.close')}
        </button>
      </div>
    );
  }
}
