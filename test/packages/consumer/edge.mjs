// workerd: drives examples/kip-report-worker through a service binding (a real request to the worker, in-process):
// every example posted as JSON, one as a share link, and two bad bodies; the answers go to the log as one line.
import examples from './examples.json' with { type: 'json' };
import { encodeLink } from 'streams-group-core';

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

async function answer(env, body, method = 'POST') {
  const res = await env.REPORT.fetch('http://report.example/', method === 'POST' ? { method, body } : { method });
  const text = await res.text();
  const digest = hex(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))));
  return { status: res.status, type: res.headers.get('content-type'), mismatches: res.headers.get('x-sgp-mismatches'), digest, head: text.slice(0, 200) };
}

export default {
  async test(_controller, env) {
    const out = { examples: {} };
    for (const [name, text] of Object.entries(examples)) out.examples[name] = await answer(env, text);
    const first = Object.keys(examples)[0];
    out.link = await answer(env, `https://playground.example/${encodeLink(examples[first], 2)}`);
    out.invalid = await answer(env, '{"format": 1, "steps": 7}');
    out.get = await answer(env, null, 'GET');
    console.log(`EDGE ${JSON.stringify(out)}`);
  },
};
