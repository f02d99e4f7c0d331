// Chromium, in a Web Worker: the digests posted to the page.
import { traceDigests } from './probe.mjs';

traceDigests().then((digests) => postMessage(digests));
