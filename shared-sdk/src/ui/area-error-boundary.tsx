// A render error inside one area of the page (a remote's page, another remote's widget) stays
// inside that area, which shows its fallback; the rest of the page keeps working.
import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface AreaErrorBoundaryProps {
  /** Who broke, for the console: React's own report does not say which team's code it was. */
  area: string;
  fallback: ReactNode;
  children: ReactNode;
}

export class AreaErrorBoundary extends Component<AreaErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[kabuto] ${this.props.area} failed to render`, error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
