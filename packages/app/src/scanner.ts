/**
 * Reads QR codes from the camera: the browser's BarcodeDetector where it exists (Android
 * Chrome), else jsQR, loaded only when a scan starts so it stays out of the first load.
 */
interface Detector {
  detect(source: CanvasImageSource): Promise<Array<{ rawValue: string }>>;
}
declare global {
  interface Window {
    BarcodeDetector?: { new (options: { formats: string[] }): Detector; getSupportedFormats?: () => Promise<string[]> };
  }
}

async function nativeDetector(): Promise<Detector | null> {
  const Native = window.BarcodeDetector;
  if (!Native) return null;
  try {
    const formats = (await Native.getSupportedFormats?.()) ?? ['qr_code'];
    return formats.includes('qr_code') ? new Native({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

export interface Scan {
  stop(): void;
}

/** Starts the camera in `video` and calls `onCode` once with the first QR code read. */
export async function startScan(video: HTMLVideoElement, onCode: (text: string) => void): Promise<Scan> {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
  video.srcObject = stream;
  video.muted = true;
  video.setAttribute('playsinline', '');
  await video.play();
  let stopped = false;
  const stop = () => {
    stopped = true;
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
  const native = await nativeDetector();
  const jsQR = native ? null : (await import('jsqr')).default;
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  const tick = async () => {
    if (stopped) return;
    try {
      if (video.readyState >= 2 && video.videoWidth > 0) {
        let text: string | null = null;
        if (native) {
          text = (await native.detect(video))[0]?.rawValue ?? null;
        } else if (jsQR && context) {
          const scale = Math.min(1, 640 / video.videoWidth);
          canvas.width = Math.round(video.videoWidth * scale);
          canvas.height = Math.round(video.videoHeight * scale);
          context.drawImage(video, 0, 0, canvas.width, canvas.height);
          const image = context.getImageData(0, 0, canvas.width, canvas.height);
          text = jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
        }
        if (text && !stopped) {
          stop();
          onCode(text.trim());
          return;
        }
      }
    } catch {
      // A frame that cannot be read: try the next.
    }
    window.setTimeout(() => void tick(), 200);
  };
  void tick();
  return { stop };
}
