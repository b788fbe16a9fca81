// Called by rulecheck's web-app plugin (rulecheck/hosts/web_app.py) at the end of a build, with a
// JSON job on stdin. Copies Workbox's runtime into the site and writes one service worker per
// language with Workbox's injectManifest. Reads and writes local files only: no network.
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");

async function main() {
  const job = JSON.parse(fs.readFileSync(0, "utf-8"));
  const find = (name) => require.resolve(name, { paths: job.paths });
  const { injectManifest } = require(find("workbox-build"));
  const runtime = path.join(job.site, job.runtime);
  fs.mkdirSync(runtime, { recursive: true });
  for (const [name, file] of job.modules) {
    const folder = path.dirname(find(`workbox-${name}/package.json`));
    fs.copyFileSync(path.join(folder, "build", file), path.join(runtime, file));
  }
  fs.copyFileSync(path.join(path.dirname(find("workbox-sw/package.json")), "LICENSE"), path.join(runtime, "LICENSE"));
  const results = [];
  const template = fs.readFileSync(job.template, "utf-8");
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "rulecheck-sw-"));
  for (const worker of job.workers) {
    // The worker's own settings (what it keeps besides the precache, its 404 pages) as a literal.
    const source = path.join(scratch, path.basename(worker.dest));
    fs.writeFileSync(source, template.replace("self.__RULECHECK_SETTINGS", JSON.stringify(worker.settings || {})));
    const result = await injectManifest({
      globDirectory: job.site,
      swSrc: source,
      swDest: path.join(job.site, worker.dest),
      globPatterns: worker.globPatterns,
      globIgnores: worker.globIgnores,
      maximumFileSizeToCacheInBytes: job.fileLimit,  // every page offline, however long
      // Each address as MkDocs writes it in the pages' links (Python's quote: every character but
      // letters, digits and _.-~/ escaped): Workbox keeps `'()!*&+` as they are, so a page named
      // `it's.md`, linked as `it%27s.html`, was not found offline (a twenty-fourth hostile round).
      manifestTransforms: [(entries) => ({ manifest: entries.map((entry) => ({ ...entry, url: quoted(entry.url) })) })],
    });
    results.push({ dest: worker.dest, count: result.count, size: result.size, warnings: result.warnings });
  }
  fs.rmSync(scratch, { recursive: true, force: true });
  process.stdout.write(JSON.stringify(results));
}

function quoted(url) {
  return url.split("/").map((part) => encodeURIComponent(part).replace(/[!'()*]/g,
    (char) => "%" + char.charCodeAt(0).toString(16).toUpperCase())).join("/");
}

main().catch((error) => {
  process.stderr.write(String((error && error.stack) || error));
  process.exit(1);
});
