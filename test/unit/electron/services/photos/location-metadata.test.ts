import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { exifHasLocation, stripJpegMetadata, xmpHasLocation } from '../../../../../electron/services/photos/location-metadata.js';

const GPS = { IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 4000/100' } };
const jpeg = (exif?: Record<string, Record<string, string>>) => {
  const image = sharp({ create: { width: 16, height: 16, channels: 3, background: '#336699' } });
  return (exif ? image.withExif(exif) : image).jpeg().toBuffer();
};

describe('location metadata', () => {
  it('finds GPS coordinates in EXIF, and not camera data alone', async () => {
    expect(exifHasLocation((await sharp(await jpeg({ IFD0: { Make: 'Cam' }, ...GPS })).metadata()).exif)).toBe(true);
    expect(exifHasLocation((await sharp(await jpeg({ IFD0: { Make: 'Cam' } })).metadata()).exif)).toBe(false);
    expect(exifHasLocation(undefined)).toBe(false);
    expect(exifHasLocation(Buffer.from('Exif\0\0garbage-garbage'))).toBe(false);
  });

  it('finds coordinates and place names in XMP', () => {
    expect(xmpHasLocation(Buffer.from('<rdf:Description exif:GPSLatitude="48,51.4N"/>'))).toBe(true);
    expect(xmpHasLocation(Buffer.from('<rdf:Description photoshop:City="Paris"/>'))).toBe(true);
    expect(xmpHasLocation(Buffer.from('<rdf:Description xmp:CreatorTool="x"/>'))).toBe(false);
  });

  it('strips EXIF from a JPEG leaving a decodable image with the same pixels', async () => {
    const input = await jpeg({ IFD0: { Make: 'Cam' }, ...GPS });
    const stripped = stripJpegMetadata(input)!;
    expect((await sharp(stripped).metadata()).exif).toBeUndefined();
    const pixels = (b: Buffer) => sharp(b).raw().toBuffer();
    expect(await pixels(stripped)).toEqual(await pixels(input));
  });

  it('answers undefined for bytes that are not a JPEG it can walk', () => {
    expect(stripJpegMetadata(Buffer.from('not a jpeg'))).toBeUndefined();
    expect(stripJpegMetadata(Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff]))).toBeUndefined();
  });
});
