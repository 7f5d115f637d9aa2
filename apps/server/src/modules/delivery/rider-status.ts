/** The rider's own status follows their orders: delivering while carrying one, online after. */
import type { Tx } from '../../db/client.ts';
import { publish } from '../../platform/events.ts';
import { countOtherPickedUp, lockRider, updateRider } from './delivery.repository.ts';

/** After a delivery ends (delivered or cancelled): delivering while another picked-up order remains, else back online. */
export async function settleRiderStatus(tx: Tx, riderId: string, exceptOrderId: string) {
  const rider = await lockRider(tx, riderId);
  if (rider?.status !== 'delivering') return;
  if ((await countOtherPickedUp(tx, riderId, exceptOrderId)) > 0) return;
  await updateRider(tx, riderId, { status: 'online' });
  await publish(tx, { type: 'rider', riderId, status: 'online' });
}
