#!/usr/bin/env python3
"""Unit test of selftest.py's reading of records: a fault counts as shown
only by a kept failure that looks like it, and not by one that does not."""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import selftest  # noqa: E402


def fault(token):
    return selftest.parse_fault(token)


def record(*pairs):
    return {"failures": [{"output": o, "expected": e} for o, e in pairs]}


FLOAT_LOG = {"applied": 1, "type": "float", "after": {0xA5A5A5A5}}
INT_LOG = {"applied": 1, "type": "ulong", "after": {0xA5A5A5A5A5A5A5A5}}


class BitsOf(unittest.TestCase):
    def test_every_way_a_record_writes_a_value(self):
        self.assertEqual(selftest.bits_of("0x3f800000"), 0x3F800000)
        self.assertEqual(selftest.bits_of("1 (0x3f800000)"), 0x3F800000)
        self.assertEqual(selftest.bits_of("0x3f800000 (0x1p+0)"), 0x3F800000)
        self.assertEqual(selftest.bits_of("0xa5a5a5a5 (-0x1.4b4b4ap-52)"), 0xA5A5A5A5)
        self.assertEqual(selftest.bits_of("-0"), 0x80000000)
        self.assertEqual(selftest.bits_of("+0"), 0)
        self.assertEqual(selftest.bits_of("0.5"), 0x3F000000)
        self.assertEqual(selftest.bits_of("16", 8, False), 16)
        self.assertEqual(selftest.bits_of("-1", 4, False), 0xFFFFFFFF)
        self.assertEqual(selftest.bits_of("1"), 0x3F800000)
        self.assertIsNone(selftest.bits_of("a NaN"))
        self.assertIsNone(selftest.bits_of("x", 4, False))


class Shows(unittest.TestCase):
    def test_each_fault_by_its_signature(self):
        self.assertTrue(selftest.shows(fault("zero"), record(("0x00000000", "0x3f800000")), FLOAT_LOG))
        self.assertTrue(selftest.shows(fault("ulp:5"), record(("0x3f800005", "1 (0x3f800000)")), FLOAT_LOG))
        self.assertTrue(selftest.shows(fault("ulp:5"), record(("0xbf800006", "-1 (0xbf800000)")), FLOAT_LOG))
        self.assertTrue(selftest.shows(fault("signzero"), record(("0x80000000", "+0")), FLOAT_LOG))
        self.assertTrue(selftest.shows(fault("nanpayload"), record(("0x7fc00001", "0x7fc00000")), FLOAT_LOG))
        self.assertTrue(selftest.shows(fault("drop"), record(("0xa5a5a5a5", "0x3f800000")), FLOAT_LOG))
        self.assertTrue(selftest.shows(fault("swap"), record(("2", "1"), ("1", "2")), INT_LOG))
        self.assertTrue(selftest.shows(fault("ulp:1"), record(("5", "4")), INT_LOG))

    def test_other_wrong_values_do_not_count(self):
        # A failure of some other kind is no evidence that the fault was seen.
        self.assertFalse(selftest.shows(fault("zero"), record(("0x3f800001", "0x3f800000")), FLOAT_LOG))
        self.assertFalse(selftest.shows(fault("ulp:5"), record(("0x3c7ffd54", "1.17549421e-38 (0x007fffff)")),
                                        FLOAT_LOG))
        self.assertFalse(selftest.shows(fault("signzero"), record(("0x00000000", "+0")), FLOAT_LOG))
        self.assertFalse(selftest.shows(fault("nanpayload"), record(("0x7fc00000", "1 (0x3f800000)")), FLOAT_LOG))
        self.assertFalse(selftest.shows(fault("drop"), record(("0x00000000", "0x3f800000")), FLOAT_LOG))
        self.assertFalse(selftest.shows(fault("swap"), record(("2", "1"), ("3", "2")), INT_LOG))
        self.assertFalse(selftest.shows(fault("zero"), {}, FLOAT_LOG))


class Table(unittest.TestCase):
    def test_the_committed_table_parses(self):
        rows = selftest.read_table(os.path.join(os.path.dirname(os.path.abspath(__file__)), "selftest_table.txt"))
        self.assertTrue(rows)
        self.assertTrue(all(r["faults"] for r in rows))

    def test_bad_faults_are_refused(self):
        for bad in ("melt", "ulp", "zero:3", "drop@some", "swap/x"):
            with self.assertRaises(selftest.TableError):
                selftest.parse_fault(bad)


if __name__ == "__main__":
    unittest.main()
