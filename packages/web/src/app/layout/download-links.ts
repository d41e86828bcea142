/**
 * Where the companion apps come from. The Android install page ships with the
 * server (spec 01 §2, /androidAPK.html); the App Store address is set per
 * deployment with VITE_IOS_APP_URL, and without it the guide says what to search for.
 */
export const ANDROID_APP_URL: string = import.meta.env.VITE_ANDROID_APP_URL || '/androidAPK.html';
export const IOS_APP_URL: string = import.meta.env.VITE_IOS_APP_URL || '';
/** The caregiver and installer mobile web app (packages/app), served by Vigil itself. */
export const MOBILE_APP_PATH = '/app/';
