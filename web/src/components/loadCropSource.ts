import { fitInBox } from './cropImage.ts';

/** The longest side of the on-screen preview: enough for any dialog, light for huge photos. */
const previewMaxSide = 1600;

/** A chosen image decoded the right way up, and a preview url of exactly the same picture. */
export interface CropSource {
  /** Full resolution, EXIF orientation applied: the crop is cut from it. */
  bitmap: ImageBitmap;
  /** A blob: url of a downscaled copy of the bitmap, shown in the cropper. */
  previewUrl: string;
}

/**
 * Decodes an image file with its EXIF orientation applied (createImageBitmap 'from-image') and
 * makes the preview from the decoded pixels, so what the person frames is what gets cut out,
 * whatever the browser does with orientation in <img>. Null when the file does not decode.
 */
export async function loadCropSource(file: Blob): Promise<CropSource | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  try {
    const size = fitInBox(bitmap, { width: previewMaxSide, height: previewMaxSide });
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const preview = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!preview) throw new Error('The preview could not be encoded');
    return { bitmap, previewUrl: URL.createObjectURL(preview) };
  } catch {
    bitmap.close();
    return null;
  }
}
