import { MOBILE_SOUND_BREAKPOINT_PX } from '@vigil/contracts';
import { useEffect, useState } from 'react';

/** Whether the window is 768 px or wider (spec 02 §9: below that, sound without popups). */
export function useWideScreen(): boolean {
  const [wide, setWide] = useState(() => window.innerWidth >= MOBILE_SOUND_BREAKPOINT_PX);
  useEffect(() => {
    const onResize = () => setWide(window.innerWidth >= MOBILE_SOUND_BREAKPOINT_PX);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return wide;
}
