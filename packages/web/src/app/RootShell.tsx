import { Outlet } from 'react-router';
import { useEditionSync } from '../session/edition.ts';
import { useSessionLostRedirect } from './session-lost.ts';
import { useUpdateCheck } from './update-check.ts';

/** The root route: app-wide effects that need the router, around every page. */
export function RootShell() {
  useEditionSync();
  useSessionLostRedirect();
  useUpdateCheck();
  return <Outlet />;
}
