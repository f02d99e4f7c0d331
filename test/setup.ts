// Property tests run with a fixed seed so CI is reproducible; set FC_SEED to explore other seeds locally.
import fc from 'fast-check';

fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20261202) });
