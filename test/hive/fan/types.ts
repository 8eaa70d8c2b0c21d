/**
 * Fan-bug rosters (H-FAN-ROSTER) the property and conformance tests play: every fan bug appears
 * in some game, on both sides, mixed with the official bugs, and every tile turned at once.
 */
export const FAN_TYPES = [
  'Base+MLP:wTFKWRDC:bTFKWRDC',
  'Base+MLP:wT2F3K2W3RDC:bT2F3K2W3RDC',
  'Base+MLP:wTK:bFW',
  'Base+MP:wDC:bT2',
  'Base+L:wR:bRK2',
  'Base:wW3:bF3',
  'Base+M:wD:b',
] as const;
