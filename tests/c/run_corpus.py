#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""run_corpus.py — the ctest driver of the corpus test.

Reads the corpus manifest.json, runs test_corpus once per file in its own
process (with a timeout and an address-space limit), and decides per file
whether the result matches the manifest:

  expect "open" / "repair": test_corpus must exit 0 (opened, all checks
      passed); where the manifest says "also_acceptable": "error", exit 2
      (clean error) passes too.
  expect "error": test_corpus must exit 2 (clean error: NOT_PDF or DAMAGED
      with a message, nothing printed).
  A signal (crash) or a timeout (hang) always fails.

test_corpus's exit codes: 0 opened and all checks passed, 1 a check failed,
2 clean error, 64 usage.  Besides its own checks it prints "fact ..." lines;
for files that opened this driver compares them with the manifest's verified
facts: PDF version (the larger of header and catalog version), the set of
page rotations, boxes with a non-zero origin, encryption, permissions (from
/P, bits that are unambiguous), signature fields, and the number of
annotations of each subtype (verified "annotations"; none when it is absent).

Prints one line per file and a last line "N passed, M failed"; exits 1 if
any file failed.
"""

import argparse
import concurrent.futures
import json
import os
import re
import signal
import subprocess
import sys
import time

# pdftools_permission bits (include/pdftools.h)
PERM_PRINT = 1 << 0
PERM_PRINT_HQ = 1 << 1
PERM_MODIFY = 1 << 2
PERM_COPY = 1 << 3
PERM_ACCESSIBILITY = 1 << 4
PERM_ANNOTATE = 1 << 5
PERM_FILL_FORMS = 1 << 6
PERM_ASSEMBLE = 1 << 7

EXIT_OK = 0
EXIT_CHECK_FAILED = 1
EXIT_CLEAN_ERROR = 2


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--program", required=True, help="path of the test_corpus executable")
    ap.add_argument("--corpus", required=True, help="corpus folder (holds manifest.json)")
    ap.add_argument("--manifest", help="manifest path (default CORPUS/manifest.json)")
    ap.add_argument("--timeout", type=float, default=30.0, help="seconds per file (default 30)")
    ap.add_argument("--max-memory-mb", type=int, default=4096,
                    help="address-space limit of each test_corpus run in MiB, 0 for none (default 4096)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="parallel runs")
    ap.add_argument("--filter", default="", help="only files whose name contains this")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every run's full output")
    return ap.parse_args()


def version_tuple(text):
    if not isinstance(text, str):
        return None
    m = re.fullmatch(r"(\d+)\.(\d+)", text.strip())
    return (int(m.group(1)), int(m.group(2))) if m else None


def expected_version(verified):
    """The larger of the header version and the catalog /Version (header comment of pdf_version)."""
    versions = [version_tuple(verified.get(k)) for k in ("pdf_header_version", "pdf_version", "catalog_version")]
    versions = [v for v in versions if v]
    return max(versions) if versions else None


def permission_expectations(p_value, revision):
    """Maps /P to {bit: granted} for the pdftools bits whose meaning is unambiguous."""
    p = p_value & 0xFFFFFFFF

    def bit(n):  # PDF numbers bits from 1
        return bool(p & (1 << (n - 1)))

    out = {
        PERM_PRINT: bit(3),
        PERM_MODIFY: bit(4),
        PERM_COPY: bit(5),
        PERM_ANNOTATE: bit(6),
    }
    if revision >= 3:
        out[PERM_PRINT_HQ] = bit(3) and bit(12)
        out[PERM_ACCESSIBILITY] = bit(10)
        out[PERM_ASSEMBLE] = bit(11)
        if bit(9) == bit(6):  # bit 9 alone vs. bit 6 implying form filling is read differently by readers
            out[PERM_FILL_FORMS] = bit(9)
    else:
        out[PERM_PRINT_HQ] = bit(3)
        out[PERM_ACCESSIBILITY] = bit(5)
        out[PERM_ASSEMBLE] = bit(4)
        out[PERM_FILL_FORMS] = bit(6)
    return out


def parse_facts(output):
    facts = {"rotations": {}, "boxes": {}, "meta": {}}
    for line in output.splitlines():
        if not line.startswith("fact "):
            continue
        parts = line.split()
        if len(parts) >= 5 and parts[1] == "page" and parts[3] == "rotation":
            facts["rotations"][int(parts[2])] = int(parts[4])
        elif len(parts) >= 9 and parts[1] == "page" and parts[3] == "box":
            facts["boxes"][(int(parts[2]), parts[4])] = [float(x) for x in parts[5:9]]
        elif parts[1] == "version" and len(parts) >= 4:
            facts["version"] = version_tuple(parts[2])
            facts["extension"] = int(parts[3])
        elif parts[1] in ("pages", "repaired", "encrypted", "signatures", "metadata_count") and len(parts) >= 3:
            facts[parts[1]] = int(parts[2])
        elif parts[1] == "permissions" and len(parts) >= 3:
            facts["permissions"] = int(parts[2], 16)
        elif parts[1] == "open_status" and len(parts) >= 3:
            facts["open_status"] = int(parts[2])
        elif parts[1] == "annots_listed":
            facts["annots_listed"] = True
        elif parts[1] == "annots" and len(parts) >= 4:
            facts.setdefault("annots", {})[" ".join(parts[2:-1])] = int(parts[-1])
    return facts


def compare_facts(entry, facts):
    """Returns a list of mismatches between the manifest and what the library reported."""
    problems = []
    verified = entry.get("verified", {})
    want_version = expected_version(verified)
    if want_version and facts.get("version") and facts["version"] != want_version:
        problems.append("PDF version %d.%d, manifest says %d.%d (max of header and catalog)"
                        % (facts["version"] + want_version))
    if isinstance(verified.get("rotations"), list) and facts["rotations"]:
        got = sorted(set(facts["rotations"].values()))
        want = sorted(set(verified["rotations"]))
        if got != want:
            problems.append("page rotations %s, manifest says %s" % (got, want))
    names = {"CropBox": "crop", "MediaBox": "media", "TrimBox": "trim", "BleedBox": "bleed", "ArtBox": "art"}
    for box in verified.get("nonzero_origin_boxes") or []:
        key = (int(box["page"]), names.get(box["box"], box["box"]))
        got = facts["boxes"].get(key)
        if got is None:
            problems.append("no %s box reported for page %d" % (key[1], key[0]))
        elif any(abs(a - b) > 1e-3 for a, b in zip(got, box["rect"])):
            problems.append("page %d %s box %s, manifest says %s" % (key[0], key[1], got, box["rect"]))
    encryption = verified.get("encryption")
    if "encrypted" in facts:
        want_enc = 1 if encryption else 0
        if facts["encrypted"] != want_enc:
            problems.append("encrypted %d, manifest says %d" % (facts["encrypted"], want_enc))
    if encryption and "permissions" in facts and "P" in encryption and "R" in encryption:
        for bit, granted in permission_expectations(int(encryption["P"]), int(encryption["R"])).items():
            if bool(facts["permissions"] & bit) != granted:
                problems.append("permission bit 0x%x is %s, /P %d (R%d) says %s"
                                % (bit, bool(facts["permissions"] & bit), encryption["P"], encryption["R"], granted))
    if facts.get("annots_listed"):
        want_annots = {k: int(v) for k, v in (verified.get("annotations") or {}).items()}
        got_annots = facts.get("annots", {})
        if got_annots != want_annots:
            problems.append("annotations by subtype %s, manifest says %s"
                            % (dict(sorted(got_annots.items())), dict(sorted(want_annots.items()))))
    if "signatures" in facts:
        fields = verified.get("form_fields") or {}
        want_sig = 1 if any(k.startswith("signature") for k in fields) else 0
        if facts["signatures"] != want_sig:
            problems.append("has_signature_fields %d, manifest form fields say %d" % (facts["signatures"], want_sig))
    return problems


def child_env(args):
    env = dict(os.environ)
    # test_corpus applies this as RLIMIT_AS (no preexec_fn: the driver runs threads)
    env["PDFTOOLS_TEST_MAX_MEMORY_MB"] = str(max(0, args.max_memory_mb))
    return env


def run_one(args, entry):
    name = entry["name"]
    path = os.path.join(args.corpus, name)
    expect = entry["expect"]
    pages = (entry.get("verified") or {}).get("pages")
    cmd = [args.program, path, expect, str(pages if pages is not None else 0)]
    password = entry.get("password")
    if password is not None:
        cmd.append(password.get("user", ""))
        if password.get("owner"):
            cmd.append(password["owner"])
    start = time.monotonic()
    try:
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=args.timeout,
                              env=child_env(args))
        output = proc.stdout.decode("utf-8", "replace")
        code = proc.returncode
    except subprocess.TimeoutExpired as exc:
        output = (exc.stdout or b"").decode("utf-8", "replace")
        return name, False, "TIMEOUT after %.0f s (a hang counts as a crash)" % args.timeout, output, time.monotonic() - start
    elapsed = time.monotonic() - start

    if code < 0:
        try:
            signame = signal.Signals(-code).name
        except ValueError:
            signame = "signal %d" % -code
        return name, False, "CRASH (%s)" % signame, output, elapsed

    acceptable_error = expect == "error" or entry.get("also_acceptable") == "error"
    if code == EXIT_OK:
        if expect == "error":
            return name, False, "opened, but the manifest expects a clean error", output, elapsed
        problems = compare_facts(entry, parse_facts(output))
        if problems:
            return name, False, "opened, but: " + "; ".join(problems), output, elapsed
        return name, True, "opened (%s), all checks passed" % expect, output, elapsed
    if code == EXIT_CLEAN_ERROR:
        if acceptable_error:
            return name, True, "clean error (%s%s)" % (expect, ", also acceptable" if expect != "error" else ""), \
                output, elapsed
        return name, False, "clean error, but the manifest expects the file to %s" % expect, output, elapsed
    if code == EXIT_CHECK_FAILED:
        failed = [l for l in output.splitlines() if l.startswith("FAIL")]
        return name, False, "%d check(s) failed: %s" % (len(failed), failed[0] if failed else "?"), output, elapsed
    return name, False, "unexpected exit code %d" % code, output, elapsed


def main():
    args = parse_args()
    manifest_path = args.manifest or os.path.join(args.corpus, "manifest.json")
    with open(manifest_path, encoding="utf-8") as f:
        manifest = json.load(f)
    entries = [e for e in manifest["files"] if args.filter in e["name"]]
    if not entries:
        print("no corpus files selected")
        print("0 passed, 1 failed")
        return 1
    if not os.access(args.program, os.X_OK):
        print("test program %s is not executable" % args.program)
        print("0 passed, 1 failed")
        return 1

    passed = failed = 0
    results = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = {pool.submit(run_one, args, e): e["name"] for e in entries}
        for fut in concurrent.futures.as_completed(futures):
            name, ok, summary, output, elapsed = fut.result()
            results[name] = (ok, summary, output, elapsed)

    for e in entries:  # report in manifest order
        ok, summary, output, elapsed = results[e["name"]]
        print("%s - %s: %s [%.2f s]" % ("ok" if ok else "FAIL", e["name"], summary, elapsed))
        if not ok or args.verbose:
            lines = output.splitlines()
            shown = [l for l in lines if not l.startswith("ok - ") and not l.startswith("fact ")]
            if args.verbose:
                shown = lines
            for line in shown[-60:]:
                print("    | " + line)
        if ok:
            passed += 1
        else:
            failed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
