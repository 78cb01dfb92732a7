import { streamLimits } from '@convene/contract';

/** Why the camera could not be opened: refused by the person or the browser, missing, or anything else. */
export type CameraProblem = 'permission' | 'noCamera' | 'failed';

/** What getUserMedia's refusal means to the person (its DOMException names). */
export function cameraProblem(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'permission';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'noCamera';
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) return 'permission';
  return 'failed';
}

/**
 * Opens a camera (the given one, else the browser's choice) at most 640×360 and 30 frames a
 * second (what a stream sends: streamLimits), with the microphone.
 */
export function openCamera(deviceId: string | null): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({
    video: {
      ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
      width: { ideal: streamLimits.maxWidth, max: streamLimits.maxWidth },
      height: { ideal: streamLimits.maxHeight, max: streamLimits.maxHeight },
      frameRate: { ideal: 30, max: 30 },
    },
    audio: { echoCancellation: true, noiseSuppression: true },
  });
}

/** A camera the person may choose. */
export interface Camera {
  deviceId: string;
  label: string;
}

/** The cameras the browser lists (their names only once the person allowed one; else numbered). */
export async function listCameras(cameraLabel: (index: number) => string): Promise<Camera[]> {
  const devices = await navigator.mediaDevices.enumerateDevices();
  return devices
    .filter((device) => device.kind === 'videoinput' && device.deviceId)
    .map((device, index) => ({ deviceId: device.deviceId, label: device.label || cameraLabel(index + 1) }));
}

/** Stops every track of `media` (the camera light goes off). */
export function stopMedia(media: MediaStream | null): void {
  for (const track of media?.getTracks() ?? []) track.stop();
}
