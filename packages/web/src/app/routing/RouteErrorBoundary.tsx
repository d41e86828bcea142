import { Component, lazy, Suspense, type ReactNode } from 'react';
import { useLocation, type Location } from 'react-router';

// antd's Result carries large illustrations; only a crashed screen needs them.
const RouteErrorPage = lazy(() => import('../pages/RouteErrorPage.tsx').then((m) => ({ default: m.RouteErrorPage })));

interface BoundaryProps {
  location: Location;
  children: ReactNode;
}

interface BoundaryState {
  location: Location;
  failed: boolean;
}

class LocationErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { location: this.props.location, failed: false };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  // A navigation clears the error. Not a key: that would remount the screen on every navigation,
  // including /alarmSetting/1 → /alarmSetting/2, and show its loading spinner again.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { location: props.location, failed: false };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Suspense fallback={null}>
        <RouteErrorPage />
      </Suspense>
    );
  }
}

/** Shows the error page instead of `children` when they throw while rendering, until the next navigation. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <LocationErrorBoundary location={location}>{children}</LocationErrorBoundary>;
}
