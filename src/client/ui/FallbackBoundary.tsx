import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** Shown instead of the children once they failed to load or render. */
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * Keeps a page whole when an optional part fails: a chunk that did not download, or a canvas the
 * browser could not start. The part is replaced by its plain equivalent and the error logged.
 */
export class FallbackBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.warn('showing the plain fallback after an error', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
