// Chromium: the page's bundle leaves the digests (a promise) where the test reads them.
import { traceDigests } from './probe.mjs';

globalThis.sgpDigests = traceDigests();
