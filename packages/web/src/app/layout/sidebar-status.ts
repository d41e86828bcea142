import Cookies from 'js-cookie';
import { useState } from 'react';

const SIDEBAR_COOKIE = 'sidebarStatus';

/** The sidebar's open state on wide screens, remembered in the `sidebarStatus` cookie (1 open, 0 closed). */
export function useSidebarOpen(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(() => Cookies.get(SIDEBAR_COOKIE) !== '0');
  const update = (next: boolean) => {
    Cookies.set(SIDEBAR_COOKIE, next ? '1' : '0', { sameSite: 'Strict' });
    setOpen(next);
  };
  return [open, update];
}
