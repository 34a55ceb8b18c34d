#!/usr/bin/env python3
"""Opens the generated HTML reports in headless Chromium and checks what they show.

usage: browser_test.py RENDER_REPORT DATA_DIR WORK_DIR

RENDER_REPORT writes the reports of DATA_DIR/normal, and its comparison
with DATA_DIR/tonight, into WORK_DIR/report. Each page is loaded with its
script running, the DOM dumped and checked for what a reader must see, and
a screenshot saved as WORK_DIR/report.png and WORK_DIR/compare.png.
Exits 77 (skipped, for CTest) when Chromium is not installed. The
environment variable CLCONFORM_CHROMIUM names another browser binary.
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

# (what, pattern) pairs that the DOM, after the script ran, must match.
REPORT_CHECKS = [
    ("the script ran", r'<html[^>]*data-js="on"'),
    ("the verdict", r'class="verdict fail">FAIL: 5 of 16 cases<'),
    ("the summary table", r'id="summary-table".*<td>math</td>'),
    ("sortable headers", r'id="summary-table".*<th class="n sort" tabindex="0">'),
    ("the accuracy table", r'id="accuracy-table".*data-id="math.sin.float4"'),
    ("the accuracy filter, shown and counting", r'<div class="filter" data-table="accuracy-table">.*?5 shown'),
    ("a failure, opened", r'<details class="case" id="case-math.sqrt.double" open="">'),
    ("a failure's values", r'<code>0x40490fdb</code><span class="dec">float 3.1415927</span>'),
    ("a histogram", r'<svg class="hist"'),
]
COMPARE_CHECKS = [
    ("the script ran", r'<html[^>]*data-js="on"'),
    ("the verdict", r'class="verdict fail">2 regressions against A<'),
    ("a regression", r'<code>types.char2.swizzle</code>.*?badge crash'),
    ("the status differences", r'id="differences-table".*data-id="math.pow.float"'),
    ("max ULP per function", r'id="functions-table".*data-id="math.sin.float"'),
]


def find_chromium():
    wanted = os.environ.get("CLCONFORM_CHROMIUM")
    if wanted:
        return shutil.which(wanted)
    for name in CANDIDATES:
        path = shutil.which(name)
        if path:
            return path
    return None


def chromium(binary, *args):
    # A fresh profile per call: no state from an earlier run, no first-run UI.
    with tempfile.TemporaryDirectory(prefix="clconform-chromium-") as profile:
        cmd = [binary, *FLAGS, "--user-data-dir=" + profile, *args]
        return subprocess.run(cmd, capture_output=True, text=True, timeout=120)


def check_page(binary, page, checks, png):
    """Returns a list of problems with PAGE; saves its DOM and screenshot."""
    url = "file://" + os.path.abspath(page)
    dump = chromium(binary, "--dump-dom", url)
    if dump.returncode != 0 or "<html" not in dump.stdout:
        return ["chromium --dump-dom exited %d: %s" % (dump.returncode, dump.stderr[-4000:])]
    dom = dump.stdout
    with open(png[:-len(".png")] + ".dom.html", "w") as f:
        f.write(dom)
    problems = [what + " (no match for " + pattern + ")" for what, pattern in checks
                if not re.search(pattern, dom, re.S)]
    if re.search(r'<div class="filter"[^>]*hidden', dom):
        problems.append("a filter box is still hidden after the script ran")

    if os.path.exists(png):
        os.remove(png)
    shot = chromium(binary, "--screenshot=" + png, "--window-size=1400,1800", "--hide-scrollbars", url)
    if not os.path.exists(png):
        problems.append("no screenshot (chromium exited %d: %s)" % (shot.returncode, shot.stderr[-2000:]))
    else:
        with open(png, "rb") as f:
            if f.read(8) != b"\x89PNG\r\n\x1a\n":
                problems.append("the screenshot is not a PNG")
    return problems


def main():
    if len(sys.argv) != 4:
        print(__doc__)
        return 2
    render, data, work = sys.argv[1:]
    binary = find_chromium()
    if not binary:
        tried = os.environ.get("CLCONFORM_CHROMIUM") or ", ".join(CANDIDATES)
        print("SKIP: Chromium not found (tried " + tried + "); install the Debian package 'chromium' to run this test")
        return SKIP

    out = os.path.join(work, "report")
    shutil.rmtree(out, ignore_errors=True)
    subprocess.run([render, out, os.path.join(data, "normal"), os.path.join(data, "tonight")], check=True)

    failed = False
    for page, checks in (("report", REPORT_CHECKS), ("compare", COMPARE_CHECKS)):
        png = os.path.join(work, page + ".png")
        problems = check_page(binary, os.path.join(out, page + ".html"), checks, png)
        if problems:
            failed = True
            print("FAIL: %s.html in %s:\n  %s" % (page, binary, "\n  ".join(problems)))
            print("DOM saved in " + png[:-len(".png")] + ".dom.html")
        else:
            print("OK: %s.html renders in %s; screenshot %s" % (page, binary, png))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
