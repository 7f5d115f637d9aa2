/** The customer-visible timeline of an order (kept free of zod so screens that only show orders stay light). */
interface TimelineOrder {
  status: string;
  createdAt: string;
  assignedAt: string | null;
  pickedUpAt: string | null;
  deliveredAt: string | null;
  cancelledAt: string | null;
}

/** The customer-visible timeline of an order, oldest first (used by the order detail screen). */
export function orderTimeline(o: TimelineOrder) {
  const steps: { key: string; label: string; at: string | null }[] = [
    { key: 'placed', label: 'Order Placed', at: o.createdAt },
    { key: 'assigned', label: 'Rider Assigned', at: o.assignedAt },
    { key: 'picked_up', label: 'Out for Delivery', at: o.pickedUpAt },
    { key: 'delivered', label: 'Delivered', at: o.deliveredAt },
  ];
  if (o.status === 'cancelled') {
    return [...steps.filter((s) => s.at), { key: 'cancelled', label: 'Cancelled', at: o.cancelledAt }];
  }
  return steps;
}
