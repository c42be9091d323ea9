/**
 * Test-only: a JPEG with an EXIF orientation tag, as a phone writes one when it stores a photo sideways (APP1
 * "Exif" segment right after SOI, a TIFF header and one IFD entry 0x0112).
 */
export function withExifOrientation(jpeg: Uint8Array, orientation: number, byteOrder: 'II' | 'MM' = 'MM'): Uint8Array {
  const little = byteOrder === 'II';
  const tiff = new DataView(new ArrayBuffer(26));
  tiff.setUint16(0, little ? 0x4949 : 0x4d4d);
  tiff.setUint16(2, 42, little);
  tiff.setUint32(4, 8, little); // first IFD right after the header
  tiff.setUint16(8, 1, little); // one entry
  tiff.setUint16(10, 0x0112, little); // Orientation
  tiff.setUint16(12, 3, little); // SHORT
  tiff.setUint32(14, 1, little); // one value, stored in the entry itself
  tiff.setUint16(18, orientation, little);
  tiff.setUint32(22, 0, little); // no next IFD
  const payload = [...new TextEncoder().encode('Exif\0\0'), ...new Uint8Array(tiff.buffer)];
  const length = payload.length + 2;
  return new Uint8Array([0xff, 0xd8, 0xff, 0xe1, length >> 8, length & 0xff, ...payload, ...jpeg.subarray(2)]);
}
