// CRC-32 (ISO-HDLC: the zlib/Ethernet CRC, reflected polynomial 0xEDB88320), the frame integrity check.
//
// Why CRC-32 and not CRC-16: a 16-bit check lets one random garbage frame in 65,536 through, which over a
// long noisy session (or the 1,000,000-frame fuzz test) means real false frames; 32 bits makes that 1 in 4.3e9,
// and the polynomial catches every burst up to 32 bits and every 1-3 bit error in frames of our size.
// Check value: crc32(ascii "123456789") = 0xCBF43926.

const TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 of bytes[start, end), as an unsigned 32-bit number. */
export function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
