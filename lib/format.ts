// Numbers and counts in words, written the same way on every page.

export const formatNumber = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 2 });

/** "1 credit", "1,250 credits". */
export const plural = (value: number, noun: string) => `${formatNumber(value)} ${noun}${value === 1 ? "" : "s"}`;
