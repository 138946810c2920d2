import "server-only";
// A browser's User-Agent in words for the sessions list: the device and the browser, simply. Unknown parts
// say so rather than guess.

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, "Edge"],
  [/OPR\/(\d+)/, "Opera"],
  [/Firefox\/(\d+)|FxiOS\/(\d+)/, "Firefox"],
  [/CriOS\/(\d+)/, "Chrome"],
  [/HeadlessChrome\/(\d+)/, "Headless Chrome"],
  [/Chrom(?:e|ium)\/(\d+)/, "Chrome"],
  [/Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//, "Safari"],
  [/curl\/(\d+)/, "curl"],
];

const DEVICES: [RegExp, string][] = [
  [/iPhone/, "iPhone"],
  [/iPad/, "iPad"],
  [/Android.*Mobile/, "Android phone"],
  [/Android/, "Android tablet"],
  [/CrOS/, "Chromebook"],
  [/Windows/, "Windows computer"],
  [/Macintosh|Mac OS X/, "Mac"],
  [/Linux/, "Linux computer"],
];

export function describeUserAgent(userAgent: string | null | undefined): { device: string; browser: string } {
  const ua = (userAgent ?? "").slice(0, 512);
  const device = DEVICES.find(([pattern]) => pattern.test(ua))?.[1] ?? "Unknown device";
  let browser = "Unknown browser";
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      const version = match.slice(1).find(Boolean);
      browser = version ? `${name} ${version}` : name;
      break;
    }
  }
  return { device, browser };
}
