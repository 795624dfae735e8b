/**
 * Numbers rendered as Python's `str()` would. JavaScript cannot tell `2` from `2.0`,
 * so every safe integer renders as an int; other values follow Python's float repr
 * (shortest round-trip digits, scientific below 1e-4 and from 1e16).
 */
export function pyNumber(n: number): string {
  if (Number.isNaN(n)) return "nan";
  if (n === Infinity) return "inf";
  if (n === -Infinity) return "-inf";
  if (Number.isSafeInteger(n)) return String(n === 0 ? 0 : n);
  const [mantissa, expText] = n.toExponential().split("e");
  const exp = Number(expText);
  if (exp >= -4 && exp < 16) {
    const fixed = String(n);
    return Number.isInteger(n) ? `${fixed}.0` : fixed;
  }
  const sign = exp < 0 ? "-" : "+";
  const digits = String(Math.abs(exp)).padStart(2, "0");
  return `${mantissa}e${sign}${digits}`;
}
