// XXH3-64 (seed 0, the default secret), the hash Kafka's metadata hash is made of (hash4j's Hashing.xxh3_64, used by
// org.apache.kafka.coordinator.group.Utils.computeTopicHash and computeGroupHash). Written from the XXH3 algorithm's
// description; 64-bit lanes are BigInts wrapped to 64 bits. Checked against hash4j's output (test/util/xxh3.test.ts).

const PRIME32_1 = 0x9e3779b1n;
const PRIME32_2 = 0x85ebca77n;
const PRIME32_3 = 0xc2b2ae3dn;
const PRIME64_1 = 0x9e3779b185ebca87n;
const PRIME64_2 = 0xc2b2ae3d27d4eb4fn;
const PRIME64_3 = 0x165667b19e3779f9n;
const PRIME64_4 = 0x85ebca77c2b2ae63n;
const PRIME64_5 = 0x27d4eb2f165667c5n;
const PRIME_MX1 = 0x165667919e3779f9n;
const PRIME_MX2 = 0x9fb21c651e98df25n;

/** XXH3's default 192-byte secret. */
const SECRET = Uint8Array.from(
  (
    'b8fe6c3923a44bbe7c01812cf721ad1cded46de9839097db7240a4a4b7b3671fcb79e64eccc0e578825ad07dccff7221b8084674f743248ee03590e6813a264c' +
    '3c2852bb91c300cb88d0658b1b532ea371644897a20df94e3819ef46a9deacd8a8fa763fe39c343ff9dcbbc7c70b4f1d8a51e04bcdb45931c89f7ec9d9787364' +
    'eac5ac8334d3ebc3c581a0fffa1363eb170ddd51b7f0da49d316552629d4689e2b16be587d47a1fc8ff8b8d17ad031ce45cb3a8f95160428afd7fbcabb4b407e'
  )
    .match(/../g)!
    .map((h) => parseInt(h, 16)),
);
const SECRET_SIZE = SECRET.length;
const STRIPE_LEN = 64;
const SECRET_CONSUME_RATE = 8;
const STRIPES_PER_BLOCK = (SECRET_SIZE - STRIPE_LEN) / SECRET_CONSUME_RATE;
const BLOCK_LEN = STRIPE_LEN * STRIPES_PER_BLOCK;

const u64 = (x: bigint): bigint => BigInt.asUintN(64, x);

/** Little-endian reads of the input, through a DataView made once per input. */
let view: DataView = new DataView(new ArrayBuffer(0));
let viewOf: Uint8Array | null = null;

function viewFor(b: Uint8Array): DataView {
  if (viewOf !== b) {
    view = new DataView(b.buffer, b.byteOffset, b.byteLength);
    viewOf = b;
  }
  return view;
}

/** The secret's little-endian longs and ints at every byte offset, read once. */
const SECRET_VIEW = new DataView(SECRET.buffer);
const SECRET64 = Array.from({ length: SECRET_SIZE - 7 }, (_, at) => SECRET_VIEW.getBigUint64(at, true));
const SECRET32 = Array.from({ length: SECRET_SIZE - 3 }, (_, at) => BigInt(SECRET_VIEW.getUint32(at, true)));

function read32(b: Uint8Array, at: number): bigint {
  return b === SECRET ? SECRET32[at]! : BigInt(viewFor(b).getUint32(at, true));
}

function read64(b: Uint8Array, at: number): bigint {
  return b === SECRET ? SECRET64[at]! : viewFor(b).getBigUint64(at, true);
}

const rotl64 = (x: bigint, r: bigint): bigint => u64((x << r) | (x >> (64n - r)));

function swap32(x: bigint): bigint {
  return ((x & 0xffn) << 24n) | ((x & 0xff00n) << 8n) | ((x >> 8n) & 0xff00n) | ((x >> 24n) & 0xffn);
}

function swap64(x: bigint): bigint {
  return (swap32(x & 0xffffffffn) << 32n) | swap32(x >> 32n);
}

/** The 128-bit product of a and b, its two halves xored. */
function mulFold64(a: bigint, b: bigint): bigint {
  const p = a * b;
  return u64(p ^ (p >> 64n));
}

function xxh64Avalanche(h: bigint): bigint {
  h ^= h >> 33n;
  h = u64(h * PRIME64_2);
  h ^= h >> 29n;
  h = u64(h * PRIME64_3);
  return h ^ (h >> 32n);
}

function avalanche(h: bigint): bigint {
  h ^= h >> 37n;
  h = u64(h * PRIME_MX1);
  return h ^ (h >> 32n);
}

function rrmxmx(h: bigint, len: number): bigint {
  h ^= rotl64(h, 49n) ^ rotl64(h, 24n);
  h = u64(h * PRIME_MX2);
  h ^= (h >> 35n) + BigInt(len);
  h = u64(h * PRIME_MX2);
  return h ^ (h >> 28n);
}

function mix16(b: Uint8Array, at: number, secretAt: number): bigint {
  return mulFold64(read64(b, at) ^ read64(SECRET, secretAt), read64(b, at + 8) ^ read64(SECRET, secretAt + 8));
}

function upTo16(b: Uint8Array): bigint {
  const len = b.length;
  if (len > 8) {
    const lo = read64(b, 0) ^ (read64(SECRET, 24) ^ read64(SECRET, 32));
    const hi = read64(b, len - 8) ^ (read64(SECRET, 40) ^ read64(SECRET, 48));
    return avalanche(u64(BigInt(len) + swap64(lo) + hi + mulFold64(lo, hi)));
  }
  if (len >= 4) {
    const keyed = u64(read32(b, len - 4) + (read32(b, 0) << 32n)) ^ (read64(SECRET, 8) ^ read64(SECRET, 16));
    return rrmxmx(keyed, len);
  }
  if (len > 0) {
    const combined = BigInt(((b[0]! << 16) | (b[len >> 1]! << 24) | b[len - 1]! | (len << 8)) >>> 0);
    return xxh64Avalanche(combined ^ (read32(SECRET, 0) ^ read32(SECRET, 4)));
  }
  return xxh64Avalanche(read64(SECRET, 56) ^ read64(SECRET, 64));
}

function upTo128(b: Uint8Array): bigint {
  const len = b.length;
  let acc = u64(BigInt(len) * PRIME64_1);
  // pairs of 16-byte lanes from both ends, outermost first, as far as the length reaches
  for (let i = Math.floor((len - 1) / 32); i >= 0; i--) {
    acc += mix16(b, 16 * i, 32 * i) + mix16(b, len - 16 * (i + 1), 32 * i + 16);
  }
  return avalanche(u64(acc));
}

function upTo240(b: Uint8Array): bigint {
  const len = b.length;
  const rounds = Math.floor(len / 16);
  let acc = u64(BigInt(len) * PRIME64_1);
  for (let i = 0; i < 8; i++) acc += mix16(b, 16 * i, 16 * i);
  acc = avalanche(u64(acc));
  for (let i = 8; i < rounds; i++) acc += mix16(b, 16 * i, 16 * (i - 8) + 3);
  acc += mix16(b, len - 16, 136 - 17);
  return avalanche(u64(acc));
}

function accumulateStripe(acc: bigint[], b: Uint8Array, at: number, secretAt: number): void {
  for (let i = 0; i < 8; i++) {
    const data = read64(b, at + 8 * i);
    const key = data ^ read64(SECRET, secretAt + 8 * i);
    acc[i ^ 1] = u64(acc[i ^ 1]! + data);
    acc[i] = u64(acc[i]! + (key & 0xffffffffn) * (key >> 32n));
  }
}

function scramble(acc: bigint[]): void {
  for (let i = 0; i < 8; i++) {
    let a = acc[i]!;
    a ^= a >> 47n;
    a ^= read64(SECRET, SECRET_SIZE - STRIPE_LEN + 8 * i);
    acc[i] = u64(a * PRIME32_1);
  }
}

function long(b: Uint8Array): bigint {
  const len = b.length;
  const acc = [PRIME32_3, PRIME64_1, PRIME64_2, PRIME64_3, PRIME64_4, PRIME32_2, PRIME64_5, PRIME32_1];
  const blocks = Math.floor((len - 1) / BLOCK_LEN);
  for (let n = 0; n < blocks; n++) {
    for (let s = 0; s < STRIPES_PER_BLOCK; s++) accumulateStripe(acc, b, n * BLOCK_LEN + s * STRIPE_LEN, s * SECRET_CONSUME_RATE);
    scramble(acc);
  }
  const stripes = Math.floor((len - 1 - blocks * BLOCK_LEN) / STRIPE_LEN);
  for (let s = 0; s < stripes; s++) accumulateStripe(acc, b, blocks * BLOCK_LEN + s * STRIPE_LEN, s * SECRET_CONSUME_RATE);
  accumulateStripe(acc, b, len - STRIPE_LEN, SECRET_SIZE - STRIPE_LEN - 7);
  let result = u64(BigInt(len) * PRIME64_1);
  for (let i = 0; i < 4; i++) result += mulFold64(acc[2 * i]! ^ read64(SECRET, 11 + 16 * i), acc[2 * i + 1]! ^ read64(SECRET, 11 + 16 * i + 8));
  return avalanche(u64(result));
}

/** XXH3-64 of `bytes` with seed 0, as an unsigned 64-bit BigInt. */
export function xxh3(bytes: Uint8Array): bigint {
  const len = bytes.length;
  if (len <= 16) return upTo16(bytes);
  if (len <= 128) return upTo128(bytes);
  if (len <= 240) return upTo240(bytes);
  return long(bytes);
}
