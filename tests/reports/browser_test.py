#!/usr/bin/env python3
"""Opens a generated report.html in headless Chromium and checks what it shows.

usage: browser_test.py RENDER_REPORT RESULTS_DIR WORK_DIR

RENDER_REPORT writes the reports of RESULTS_DIR into WORK_DIR/report; the
page is loaded with its script running, the DOM is dumped and checked for
the summary, the accuracy table and a failure, and a screenshot is saved
as WORK_DIR/report.png. Exits 77 (skipped, for CTest) without Chromium.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync")


def find_chromium():
    wanted = os.environ.get("CLCONFORM_CHROMIUM")
    if wanted:
        return shutil.which(wanted)
    for name in CANDIDATES:
        path = shutil.which(name)
        if path:
            return path
    return None


def chromium(binary, profile, *args):
    # A fresh profile per call: no state from an earlier run, no first-run UI.
    cmd = [binary, *FLAGS, "--user-data-dir=" + profile, *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120)


def check(dom, failures, what, pattern):
    if not re.search(pattern, dom, re.S):
        failures.append(what + " (no match for " + pattern + ")")


def main():
    if len(sys.argv) != 4:
        print(__doc__)
        return 2
    render, results, work = sys.argv[1:]
    binary = find_chromium()
    if not binary:
        print("SKIP: Chromium not found (tried " + ", ".join(CANDIDATES) +
              "); install the Debian package 'chromium' to run this test")
        return SKIP

    out = os.path.join(work, "report")
    shutil.rmtree(out, ignore_errors=True)
    subprocess.run([render, results, out], check=True)
    url = "file://" + os.path.abspath(os.path.join(out, "report.html"))

    with tempfile.TemporaryDirectory(prefix="clconform-chromium-") as profile:
        dump = chromium(binary, profile, "--dump-dom", url)
    if dump.returncode != 0 or "<html" not in dump.stdout:
        print("FAIL: chromium --dump-dom exited %d\n%s" % (dump.returncode, dump.stderr[-4000:]))
        return 1
    dom = dump.stdout
    with open(os.path.join(work, "report.dom.html"), "w") as f:
        f.write(dom)

    failures = []
    check(dom, failures, "the script ran", r'<html[^>]*data-js="on"')
    check(dom, failures, "the verdict", r'class="verdict fail">FAIL: 5 of 16 cases<')
    check(dom, failures, "the summary table", r'id="summary-table".*<td>math</td>')
    check(dom, failures, "the summary table is sortable", r'id="summary-table".*<th class="n sort" tabindex="0">')
    check(dom, failures, "the accuracy table", r'id="accuracy-table".*data-id="math.sin.float4"')
    check(dom, failures, "the accuracy filter, shown and counting", r'<div class="filter" data-table="accuracy-table">.*?5 shown')
    check(dom, failures, "a failure, opened", r'<details class="case" id="case-math.sqrt.double" open="">')
    check(dom, failures, "a failure's values", r'<code>0x40490fdb</code><span class="dec">float 3.1415927</span>')
    check(dom, failures, "a histogram", r'<svg class="hist"')
    if re.search(r'<div class="filter"[^>]*hidden', dom):
        failures.append("a filter box is still hidden after the script ran")

    png = os.path.join(work, "report.png")
    if os.path.exists(png):
        os.remove(png)
    with tempfile.TemporaryDirectory(prefix="clconform-chromium-") as profile:
        shot = chromium(binary, profile, "--screenshot=" + png, "--window-size=1400,1800", "--hide-scrollbars", url)
    if not os.path.exists(png):
        failures.append("no screenshot (chromium exited %d: %s)" % (shot.returncode, shot.stderr[-2000:]))
    else:
        with open(png, "rb") as f:
            if f.read(8) != b"\x89PNG\r\n\x1a\n":
                failures.append("the screenshot is not a PNG")

    if failures:
        print("FAIL: report.html in " + os.path.basename(binary) + ":\n  " + "\n  ".join(failures))
        print("DOM saved in " + os.path.join(work, "report.dom.html"))
        return 1
    print("OK: report.html renders in %s; screenshot %s (%d bytes)" % (binary, png, os.path.getsize(png)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
