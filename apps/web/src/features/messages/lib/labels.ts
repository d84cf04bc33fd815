export const directionLabels = { inbound: 'Entrada', outbound: 'Saída' } as const;

/** The first block of a UUID, enough to tell rows apart. */
export function shortId(id: string): string {
  return id.slice(0, 8);
}
