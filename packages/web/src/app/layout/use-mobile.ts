import { MOBILE_LAYOUT_BREAKPOINT_PX, RESIZE_DEBOUNCE_MS } from '@vigil/contracts';
import { useEffect, useState } from 'react';

function isMobileWidth(): boolean {
  return window.innerWidth < MOBILE_LAYOUT_BREAKPOINT_PX;
}

/** True below 992 px (mobile layout), re-checked 500 ms after resizing stops (spec 01 §9). */
export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(isMobileWidth);
  useEffect(() => {
    let timer = 0;
    const onResize = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setMobile(isMobileWidth()), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return mobile;
}
