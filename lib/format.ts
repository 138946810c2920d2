// Numbers and counts in words, written the same way on every page.
//
// Written by hand rather than with Intl: a page's first Intl call loads the browser's locale data, 10 to 15 ms
// of one core here (×4 on Lighthouse's phone) inside hydration's task, on every page that shows a number
// (issue 28). The output is Intl's en-US with at most two decimals (format.test.ts compares them).

const GROUPS = /\B(?=(\d{3})+(?!\d))/g;

/** "1,250", "0.5", "-3.14": en-US grouping, at most two decimals, no trailing zeros. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return value.toLocaleString("en-US", { maximumFractionDigits: 2 });
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  const magnitude = Math.abs(value);
  // Intl rounds the shortest decimal that reads back as the number ("1.005", not toFixed's 1.00499999…), half
  // away from zero. Under 1e-6 String() writes an exponent; such a number rounds to 0 anyway.
  let [whole = "0", fraction = ""] = magnitude < 1e-6 ? [] : String(magnitude).split(".");
  if (fraction.length > 2) {
    const hundredths = BigInt(whole + fraction.slice(0, 2)) + (fraction[2]! >= "5" ? 1n : 0n);
    const text = hundredths.toString().padStart(3, "0");
    [whole, fraction] = [text.slice(0, -2), text.slice(-2)];
  }
  fraction = fraction.replace(/0+$/, "");
  return `${sign}${whole.replace(GROUPS, ",")}${fraction ? `.${fraction}` : ""}`;
}

/** "1 credit", "1,250 credits". */
export const plural = (value: number, noun: string) => `${formatNumber(value)} ${noun}${value === 1 ? "" : "s"}`;
