const POLYNOMIAL = 0x1864cfb;
const MASK_24 = 0xffffff;

/** One entry per leading byte: the CRC register after shifting that byte through the polynomial. */
const TABLE = buildTable();

function buildTable(): Uint32Array {
  const table = new Uint32Array(256);
  for (let byte = 0; byte < 256; byte++) {
    let crc = byte << 16;
    for (let bit = 0; bit < 8; bit++) {
      crc <<= 1;
      if (crc & 0x1000000) crc ^= POLYNOMIAL;
    }
    table[byte] = crc & MASK_24;
  }
  return table;
}

/**
 * CRC-24Q (polynomial 0x1864CFB, initial value 0, no reflection, no final XOR) of `data[start, end)`.
 * Takes a range rather than a subarray so the framer checks frames without allocating a view per frame.
 */
export function crc24q(data: Uint8Array, start = 0, end = data.length): number {
  let crc = 0;
  for (let i = start; i < end; i++) {
    // Indices are in range by construction; `as number` keeps the hot loop free of checks.
    crc = ((crc << 8) & MASK_24) ^ (TABLE[((crc >>> 16) ^ (data[i] as number)) & 0xff] as number);
  }
  return crc;
}
