// A render error inside one remote's page stays inside that remote's area.
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface RemoteErrorBoundaryProps {
  remote: string;
  fallback: ReactNode;
  children: ReactNode;
}

export class RemoteErrorBoundary extends Component<RemoteErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // Name the remote: React's own report does not say which team's page broke.
    console.error(`[kabuto] ${this.props.remote} failed to render`, error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
