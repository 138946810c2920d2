// Issue 27: README's fourth line linked a spec outside the repository, which a clone does not have. Every link
// in README.md, CONTRIBUTING.md and docs/*.md must resolve inside the repository (a file that exists and that
// git does not ignore, and its `#anchor` when it has one) or point at a public https site.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** The markdown files whose links are checked, relative to `root`. */
function documents(root: string): string[] {
  const docs = readdirSync(path.join(root, "docs")).filter((name) => name.endsWith(".md"));
  return ["README.md", "CONTRIBUTING.md", ...docs.map((name) => `docs/${name}`)].filter((file) => existsSync(path.join(root, file)));
}

/** The text without fenced code blocks and code spans, where brackets and parentheses are not links. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "").replace(/(`+)[^`]*?\1/g, "");
}

/** Link targets: inline links and images, reference definitions, and HTML href/src attributes. */
function targets(markdown: string): string[] {
  const text = prose(markdown);
  const inline = [...text.matchAll(/!?\[(?:[^\]]|\][^(])*?\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1] ?? "");
  const definitions = [...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((match) => match[1] ?? "");
  const html = [...text.matchAll(/<(?:a|img)\s[^>]*?(?:href|src)="([^"]+)"/g)].map((match) => match[1] ?? "");
  return [...inline, ...definitions, ...html];
}

/** Relative paths written as text or code (`../shared/spec.md`), which a reader would follow like a link. */
function pathMentions(markdown: string): string[] {
  const text = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
  return [...text.matchAll(/(?:^|[\s(`'"])((?:\.\.\/)+[\w.-][\w./-]*)/gm)].map((match) => match[1] ?? "");
}

/** GitHub's anchors for the headings of `markdown`: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  const withoutFences = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
  for (const [, heading = ""] of withoutFences.matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/[`*]/g, "");
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

/** The paths among `paths` (relative to `root`) that git ignores; none when `root` is not a git checkout. */
function ignoredByGit(root: string, paths: string[]): Set<string> {
  if (paths.length === 0 || !existsSync(path.join(root, ".git"))) return new Set();
  try {
    const out = execFileSync("git", ["check-ignore", "--stdin"], { cwd: root, input: paths.join("\n"), encoding: "utf8" });
    return new Set(out.split("\n").filter(Boolean));
  } catch (error) {
    // Exit status 1: none of them is ignored.
    if ((error as { status?: number }).status === 1) return new Set();
    throw error;
  }
}

/** Every link of `files` (relative to `root`) that does not resolve, as "file: target (why)". */
function brokenLinks(root: string, files: string[]): string[] {
  const problems: string[] = [];
  const local: { file: string; target: string; resolved: string }[] = [];
  for (const file of files) {
    const markdown = readFileSync(path.join(root, file), "utf8");
    for (const mention of pathMentions(markdown)) {
      if (path.relative(root, path.resolve(root, path.dirname(file), mention)).startsWith(".."))
        problems.push(`${file}: ${mention} (outside the repository)`);
    }
    for (const target of targets(markdown)) {
      if (/^[a-z][a-z\d+.-]*:/i.test(target)) {
        const url = URL.canParse(target) ? new URL(target) : undefined;
        const isPublic =
          url?.protocol === "mailto:" ||
          (url?.protocol === "https:" &&
            url.hostname.includes(".") &&
            !/^(localhost|127\.|\[|.*\.(local|internal|localhost)$)/.test(url.hostname));
        if (!isPublic) problems.push(`${file}: ${target} (not a public https address)`);
        continue;
      }
      const [linkPath, anchor] = target.split("#", 2);
      const resolved = linkPath ? path.relative(root, path.resolve(root, path.dirname(file), decodeURIComponent(linkPath))) : file;
      if (resolved.startsWith("..") || path.isAbsolute(resolved)) {
        problems.push(`${file}: ${target} (outside the repository)`);
      } else if (!existsSync(path.join(root, resolved))) {
        problems.push(`${file}: ${target} (no such file)`);
      } else if (
        anchor !== undefined &&
        !(resolved.endsWith(".md") && anchors(readFileSync(path.join(root, resolved), "utf8")).has(anchor))
      ) {
        problems.push(`${file}: ${target} (no heading #${anchor} in ${resolved})`);
      } else {
        local.push({ file, target, resolved });
      }
    }
  }
  const ignored = ignoredByGit(root, [...new Set(local.map((link) => link.resolved))]);
  for (const link of local) {
    if (ignored.has(link.resolved)) problems.push(`${link.file}: ${link.target} (ignored by git, so not in a clone)`);
  }
  // A link written as [text](../path) is also a path mention: name it once.
  return [...new Set(problems)];
}

describe("documentation links", () => {
  it("checks README, CONTRIBUTING and every page of docs/", () => {
    expect(documents(ROOT)).toEqual(expect.arrayContaining(["README.md", "CONTRIBUTING.md", "docs/architecture.md", "docs/guide.md"]));
  });

  it("all resolve inside the repository or to a public site", () => {
    expect(brokenLinks(ROOT, documents(ROOT))).toEqual([]);
  });

  it("finds each kind of broken link", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "darkroom-links-"));
    try {
      mkdirSync(path.join(root, "docs"));
      writeFileSync(path.join(root, "docs", "guide.md"), "# Guide\n\n## Getting started\n\n## Getting started\n");
      writeFileSync(
        path.join(root, "README.md"),
        [
          "# Darkroom",
          "The API is specified in `../shared/spec/generation-api.md`.",
          "[fine](docs/guide.md#getting-started-1) [fine too](#darkroom) [public](https://nextjs.org/docs) `[code](nowhere.md)`",
          "[missing](docs/nowhere.md) [bad anchor](docs/guide.md#installing) [local](#no-such-heading)",
          "[outside](../shared/spec/generation-api.md) ![picture](docs/missing.png) [loopback](http://localhost:3000)",
          "```sh\n[in a code block](nowhere.md)\n```",
          "[ref]: docs/gone.md",
        ].join("\n"),
      );
      expect(brokenLinks(root, documents(root))).toEqual([
        "README.md: ../shared/spec/generation-api.md (outside the repository)",
        "README.md: docs/nowhere.md (no such file)",
        "README.md: docs/guide.md#installing (no heading #installing in docs/guide.md)",
        "README.md: #no-such-heading (no heading #no-such-heading in README.md)",
        "README.md: docs/missing.png (no such file)",
        "README.md: http://localhost:3000 (not a public https address)",
        "README.md: docs/gone.md (no such file)",
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("finds a link to a file git ignores, which a clone does not have", () => {
    expect(ignoredByGit(ROOT, ["screenshots/nothing.png", "data/darkroom.db", "README.md"])).toEqual(
      new Set(["screenshots/nothing.png", "data/darkroom.db"]),
    );
  });
});
