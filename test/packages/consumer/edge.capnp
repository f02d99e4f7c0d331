# workerd's configuration for the edge example's test: the example worker (bundled as wrangler would) and a tester
# that reaches it through a service binding.
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "report", worker = .report),
    (name = "tester", worker = .tester),
  ],
);

const report :Workerd.Worker = (
  modules = [ (name = "worker", esModule = embed "report.bundle.mjs") ],
  compatibilityDate = "2025-01-01",
);

const tester :Workerd.Worker = (
  modules = [ (name = "tester", esModule = embed "edge.bundle.mjs") ],
  compatibilityDate = "2025-01-01",
  bindings = [ (name = "REPORT", service = "report") ],
);
