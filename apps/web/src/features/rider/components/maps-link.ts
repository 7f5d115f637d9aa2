/** A maps route to a stop (opens the phone's maps app when installed). */
export const routeTo = (lat: number, lng: number) =>
  `https://www.google.com/maps/dir/?api=1&destination=${lat.toFixed(6)},${lng.toFixed(6)}&travelmode=driving`;

/** The next stop: the outlet until pickup, the customer after it. */
export function nextStop(o: {
  status: string;
  outlet: { latitude: number | null; longitude: number | null } | null;
  customer: { latitude: number; longitude: number };
}) {
  if (o.status === 'assigned' && o.outlet?.latitude != null && o.outlet.longitude != null)
    return routeTo(o.outlet.latitude, o.outlet.longitude);
  return routeTo(o.customer.latitude, o.customer.longitude);
}
