// XXH3-64 against hash4j's (the library Kafka 4.4.0's Utils.computeTopicHash/computeGroupHash use), for every length
// class of the algorithm: the vectors are Kafka's own output (oracle/scripts/metadata-hash-vectors.ts).
import { describe, expect, it } from 'vitest';
import { xxh3 } from '../../src/core/util/xxh3.ts';
import vectors from '../topology/metadataHashVectors.json' with { type: 'json' };

/** The bytes the vector generator hashed for length `len`. */
function patternBytes(len: number): Uint8Array {
  const b = new Uint8Array(len);
  for (let i = 0; i < len; i++) b[i] = (i * 167 + len * 13 + 11) & 255;
  return b;
}

describe('xxh3 (hash4j Hashing.xxh3_64)', () => {
  it("of the empty input is XXH3-64's known value 0x2D06800538D394C2", () => {
    expect(xxh3(new Uint8Array(0))).toBe(0x2d06800538d394c2n);
  });
  it.each(vectors.xxh3)("of $len bytes is hash4j's value", ({ len, hash }) => {
    expect(BigInt.asIntN(64, xxh3(patternBytes(len)))).toBe(BigInt(hash));
  });
});
