/// <reference types="vite/client" />
/** The build number the update check compares with published app versions (vite.config.ts). */
declare const __APP_BUILD__: string;
