/**
 * The links of a package's README as the registry's page and `node_modules` show it: every link is absolute
 * (`https://…`) or an anchor of the same README (`#install`), since a relative path resolves to nothing there.
 * A link into this repository (`REPOSITORY/blob/main/<path>` or `/tree/main/<path>`) names a file that exists.
 * Used by `scripts/packed-install.mjs` on the READMEs of the installed tarballs.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The repository the three packages' `repository`, `homepage` and `bugs` fields name. */
export const REPOSITORY = 'https://github.com/workspace-platform/workspace-platform-sdk';

/** The targets of a Markdown text's links: inline `[text](target)`, reference `[id]: target` and `href="target"`. */
export function linkTargets(markdown) {
  const text = markdown.replace(/^```[\s\S]*?^```/gm, '');
  const targets = [];
  for (const match of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(match[1]);
  for (const match of text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)) targets.push(match[1]);
  for (const match of text.matchAll(/href="([^"]+)"/g)) targets.push(match[1]);
  return targets;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

/**
 * What is wrong with the links of `markdown` (one line each; empty when every link works from an installed package).
 * `root` is a checkout of the repository, where links into it are looked up.
 */
export function brokenLinks(markdown, root) {
  const anchors = new Set(
    markdown
      .replace(/^```[\s\S]*?^```/gm, '')
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => anchorOf(line.replace(/^#+ /, ''))),
  );
  const problems = [];
  for (const target of linkTargets(markdown)) {
    if (target.startsWith('#')) {
      if (!anchors.has(target.slice(1))) problems.push(`${target}: no heading of this README has that anchor`);
    } else if (!/^https?:\/\//.test(target)) {
      problems.push(`${target}: relative, so dead on the registry's page and in node_modules`);
    } else if (target.startsWith(`${REPOSITORY}/`)) {
      const path = target.slice(REPOSITORY.length + 1).match(/^(?:blob|tree)\/main\/([^#?]+)/)?.[1];
      if (path !== undefined && !existsSync(join(root, decodeURIComponent(path))))
        problems.push(`${target}: no ${path} in the repository`);
    }
  }
  return problems;
}
