// Whether a broker is up and its group coordinator has loaded __consumer_offsets (FindCoordinator answers NONE).
import { KafkaClient } from '../../src/cli/kafka/client.ts';

export async function coordinatorReady(host: string, port: number): Promise<boolean> {
  let client: KafkaClient | undefined;
  try {
    client = await KafkaClient.connect(host, port, 2_000);
    const c = await client.findCoordinator('sgp-oracle-ready');
    return c.errorCode === 0;
  } catch {
    return false;
  } finally {
    client?.close();
  }
}
