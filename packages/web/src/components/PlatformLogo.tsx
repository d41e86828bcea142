import { useState } from 'react';
import { DEFAULT_LOGO_URL } from '../branding/branding.ts';

/** The platform logo: the custom one when set and loadable, else the shipped logo. */
export function PlatformLogo({ url, size, alt }: { url?: string; size: number; alt: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const src = url && failed !== url ? url : DEFAULT_LOGO_URL;
  return (
    <img
      className="platform-logo"
      src={src}
      width={size}
      height={size}
      alt={alt}
      onError={() => {
        if (url) setFailed(url);
      }}
    />
  );
}
