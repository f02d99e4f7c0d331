# workerd's configuration for the library probe: one worker, the bundled worker.mjs (as wrangler bundles it).
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [ (name = "probe", worker = .probe) ],
);

const probe :Workerd.Worker = (
  modules = [ (name = "worker", esModule = embed "worker.bundle.mjs") ],
  compatibilityDate = "2025-01-01",
);
