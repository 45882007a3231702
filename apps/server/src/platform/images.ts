import type { Sharp } from 'sharp';
import { AppError } from './errors.js';

type ProcessedImage = {
  extension: 'jpg' | 'png';
  contentType: 'image/jpeg' | 'image/png';
  image: Buffer;
  thumb: Buffer;
};

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (data: Buffer, magic: number[]) => magic.every((byte, i) => data[i] === byte);

/** Larger images than this are refused before they are decoded (decompression bombs). */
const MAX_PIXELS = 40_000_000;
const THUMB_SIZE = 240;

/**
 * Checks that an upload really is a JPEG or PNG by its content (not its name), decodes it, and
 * re-encodes it and a thumbnail with every metadata block (EXIF, GPS, ICC comments) stripped.
 */
export async function processImage(data: Buffer, field: string): Promise<ProcessedImage> {
  const refuse = () => new AppError(415, 'account.imageType', {}, [{ field }]);
  const isJpeg = startsWith(data, JPEG);
  const isPng = startsWith(data, PNG);
  if (!isJpeg && !isPng) throw refuse();
  // sharp (libvips) costs about 30 MB resident: it is loaded when the first image arrives, not at start.
  const { default: sharp } = await import('sharp');
  try {
    const input = sharp(data, { limitInputPixels: MAX_PIXELS, failOn: 'error' });
    const meta = await input.metadata();
    if ((isJpeg && meta.format !== 'jpeg') || (isPng && meta.format !== 'png')) throw refuse();
    const oriented = input.rotate();
    const encode = (pipeline: Sharp) => (isJpeg ? pipeline.jpeg({ quality: 88 }) : pipeline.png());
    const [image, thumb] = await Promise.all([
      encode(oriented.clone()).toBuffer(),
      encode(
        oriented.clone().resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true }),
      ).toBuffer(),
    ]);
    return isJpeg
      ? { extension: 'jpg', contentType: 'image/jpeg', image, thumb }
      : { extension: 'png', contentType: 'image/png', image, thumb };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse();
  }
}
