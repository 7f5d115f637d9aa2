/**
 * The live events the server publishes (pg_notify inside the changing transaction) and the browser
 * receives over Server-Sent Events: one definition for both ends.
 */
export type OrderAction =
  | 'placed'
  /** Placed over a trade buyer's limit: waiting for the business's approval, no work for anyone yet. */
  | 'held'
  /** A held order approved: from here it is like an order just placed (the outlet hears of it now). */
  | 'approved'
  | 'assigned'
  | 'declined'
  | 'unassigned'
  | 'ready'
  | 'picked_up'
  | 'delivered'
  | 'cancelled'
  | 'paid'
  | 'payment_failed'
  | 'updated';

export type DomainEvent =
  | {
      type: 'order';
      action: OrderAction;
      orderId: string;
      status: string;
      paymentStatus: string;
      /** Audience: the customer, the outlet's staff, the assigned rider (and the rider it was taken from). */
      userId: string;
      outletId: string | null;
      riderId: string | null;
      previousRiderId?: string | null;
    }
  | { type: 'notification'; id: string; message: string; notificationType: string }
  /** An order neared or passed its time out of the chiller. Audience: admins and the order's outlet. */
  | { type: 'cold_chain'; orderId: string; outletId: string | null; level: 'near' | 'over'; minutesOut: number; limitMinutes: number }
  | { type: 'rider'; riderId: string; status: string }
  /** The rider's position on an open delivery. Audience: the order's customer, its outlet's staff, admins. */
  | {
      type: 'rider_position';
      orderId: string;
      userId: string;
      outletId: string | null;
      riderId: string;
      lat: number;
      lng: number;
      accuracy: number | null;
      recordedAt: string;
    }
  /** An online rider's last position, for the dispatch map. Audience: admins only. */
  | { type: 'rider_location'; riderId: string; lat: number | null; lng: number | null; at: string | null };
