/**
 * Catches a rendering bug so it costs one view, not the whole window. React reports the error
 * itself (to the console), so this only decides what the person sees.
 */
import { Component, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from './Button';

interface Props {
  /** What failed, in the person's words: "This page", "Draftdeck". */
  scope: ReactNode;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="crash" role="alert">
        <h1 className="crash__title">
          <FormattedMessage id="shell.crash.title" values={{ scope: this.props.scope }} />
        </h1>
        <p className="crash__body">
          <FormattedMessage id="shell.crash.body" />
        </p>
        <pre className="crash__detail">{error.message}</pre>
        <div className="crash__actions">
          <Button variant="primary" onClick={() => window.location.reload()}>
            <FormattedMessage id="shell.crash.reload" />
          </Button>
          <Button onClick={() => this.setState({ error: null })}>
            <FormattedMessage id="common.tryAgain" />
          </Button>
        </div>
      </div>
    );
  }
}
