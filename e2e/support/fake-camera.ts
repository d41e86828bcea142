import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';

/**
 * Writes a Y4M video (what Chromium's --use-file-for-fake-video-capture plays in a loop)
 * showing `text` as a QR code on white, for the app's camera scan.
 */
export function qrVideoFile(text: string, width = 640, height = 480): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const quiet = 4;
  const scale = Math.floor(Math.min(width, height) * 0.8 / (size + quiet * 2));
  const side = scale * (size + quiet * 2);
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / scale) - quiet;
      const column = Math.floor(x / scale) - quiet;
      if (row >= 0 && column >= 0 && row < size && column < size && qr.modules.get(row, column)) luma[(top + y) * width + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-qr-')), 'camera.y4m');
  fs.writeFileSync(file, Buffer.concat([header, frame, frame]));
  return file;
}
