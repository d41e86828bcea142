/// <reference types="vite/client" />

/** Build-time settings of a deployment (see layout/download-links.ts). */
interface ImportMetaEnv {
  readonly VITE_IOS_APP_URL?: string;
  readonly VITE_ANDROID_APP_URL?: string;
}
