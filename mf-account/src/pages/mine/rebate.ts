// An agent's rebate ratio as a percentage. The server keeps it in basis points
// (0.1234 = 12.34 %), so two decimals show it exactly; rounding removes float noise.
export function rebatePercent(ratio: number): string {
  return String(Math.round(ratio * 10_000) / 100);
}
