// `npm run bench`: every performance target of the core, as medians, with the machine they ran on.
import os from 'node:os';
import { benchAssignor } from './assignor.ts';
import { benchHeartbeats, benchReplay, printRows } from './coordinator.ts';

console.log(`machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}\n`);

console.log('assignor ([4.4] sticky), median ms per assignment:');
const rows = await benchAssignor();
for (const r of rows) {
  console.log(`  ${String(r.members).padStart(5)} members  ${String(r.subtopologies).padStart(3)} x ${String(r.partitions).padStart(3)} tasks=${String(r.tasks).padStart(6)}  standbys=${r.standbys}  ${r.mode.padEnd(11)}  median ${r.medianMs.toFixed(2).padStart(7)} ms  min ${r.minMs.toFixed(2).padStart(7)} ms  peak heap ${r.peakHeapMb.toFixed(0)} MB`);
}
console.log('\ncoordinator:');
printRows([benchHeartbeats(), benchReplay()]);
