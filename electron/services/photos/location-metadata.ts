/**
 * Where a photo says where it was taken, and taking that out without touching the pixels. Phones
 * write GPS coordinates into EXIF (the GPS IFD) and often into XMP; IPTC (Photoshop's APP13) can
 * name the place. A JPEG that needs nothing else is cleaned by dropping those segments, so it is
 * never recompressed just for privacy. Pure.
 */
const GPS_IFD_POINTER = 0x8825;

/** True when an EXIF block (as sharp's metadata gives it, with or without the `Exif\0\0` header) has GPS entries. */
export function exifHasLocation(exif: Uint8Array | undefined): boolean {
  if (!exif || exif.length < 14) return false;
  const b = Buffer.from(exif.buffer, exif.byteOffset, exif.byteLength);
  const tiff = b.toString('latin1', 0, 6) === 'Exif\0\0' ? 6 : 0;
  const order = b.toString('latin1', tiff, tiff + 2);
  if (order !== 'II' && order !== 'MM') return false;
  const little = order === 'II';
  const u16 = (at: number) => (at + 2 <= b.length ? (little ? b.readUInt16LE(at) : b.readUInt16BE(at)) : -1);
  const u32 = (at: number) => (at + 4 <= b.length ? (little ? b.readUInt32LE(at) : b.readUInt32BE(at)) : -1);
  const ifd0 = u32(tiff + 4);
  if (ifd0 < 0) return false;
  const count = u16(tiff + ifd0);
  for (let i = 0; i < count; i++) {
    const entry = tiff + ifd0 + 2 + i * 12;
    if (u16(entry) !== GPS_IFD_POINTER) continue;
    const gpsIfd = u32(entry + 8);
    // A GPS IFD with only its version tag says nothing about a place.
    const gpsEntries = gpsIfd < 0 ? 0 : u16(tiff + gpsIfd);
    for (let j = 0; j < gpsEntries; j++) {
      const tag = u16(tiff + gpsIfd + 2 + j * 12);
      if (tag >= 0x0001 && tag <= 0x0004) return true; // latitude/longitude and their refs
    }
    return false;
  }
  return false;
}

const XMP_LOCATION = /GPS(?:Latitude|Longitude)|photoshop:(?:City|State|Country)|Iptc4xmpCore:Location|Iptc4xmpExt:LocationShown/;

export function xmpHasLocation(xmp: Uint8Array | undefined): boolean {
  return !!xmp && XMP_LOCATION.test(Buffer.from(xmp.buffer, xmp.byteOffset, xmp.byteLength).toString('utf8'));
}

const APP1 = 0xe1; // EXIF and XMP
const APP13 = 0xed; // Photoshop IRB with IPTC

/**
 * The JPEG without its EXIF, XMP and IPTC segments; every other byte as it was (the ICC profile in
 * APP2 stays, so colours do not change). Undefined for bytes that are not a well-formed JPEG up to
 * its scan, which the caller then re-encodes instead.
 */
export function stripJpegMetadata(jpeg: Uint8Array): Buffer | undefined {
  const b = Buffer.from(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return undefined;
  const kept: Buffer[] = [b.subarray(0, 2)];
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1]!;
    if (marker === 0xda) {
      kept.push(b.subarray(i)); // start of scan: the rest is image data
      return Buffer.concat(kept);
    }
    const length = b.readUInt16BE(i + 2);
    if (length < 2 || i + 2 + length > b.length) return undefined;
    if (marker !== APP1 && marker !== APP13) kept.push(b.subarray(i, i + 2 + length));
    i += 2 + length;
  }
  return undefined;
}
