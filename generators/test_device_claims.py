#!/usr/bin/env python3
"""Unit tests of clgen/device_claims.py: how a coverage row's 'needs' is read
against what a device reports."""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from clgen import device_claims  # noqa: E402
from clgen.builtins_spec import builtins, features  # noqa: E402


def dev(versions='1.2', features_=(), extensions=()):
    return {'versions': set(versions.split()), 'features': set(features_), 'extensions': set(extensions)}


class Needs(unittest.TestCase):
    def test_alternatives_and_parts(self):
        d = dev('1.2 3.0', ['__opencl_c_pipes'], ['cl_khr_subgroups'])
        self.assertTrue(device_claims.met(d, 'OpenCL C 2.0 or __opencl_c_pipes'))
        self.assertTrue(device_claims.met(d, 'OpenCL C 2.0 or __opencl_c_pipes and subgroups'))
        self.assertFalse(device_claims.met(dev('1.2 3.0', ['__opencl_c_pipes']),
                                           'OpenCL C 2.0 or __opencl_c_pipes and subgroups'))
        self.assertFalse(device_claims.met(dev('1.2 3.0'), 'OpenCL C 2.0 or __opencl_c_pipes'))

    def test_versions_and_notes(self):
        self.assertTrue(device_claims.met(dev('1.2 3.0'), 'OpenCL C 2.0 or 3.0 (some orders need features)'))
        self.assertFalse(device_claims.met(dev('1.2'), 'OpenCL C 2.0 or 3.0 (some orders need features)'))
        self.assertTrue(device_claims.met(dev('3.0 3.1'), 'cl_khr_subgroup_rotate or OpenCL C 3.1'))
        self.assertFalse(device_claims.met(dev('3.0'), 'cl_khr_subgroup_rotate or OpenCL C 3.1'))

    def test_extension_with_feature(self):
        need = 'cl_khr_kernel_clock with __opencl_c_kernel_clock_scope_device'
        self.assertFalse(device_claims.met(dev('3.0', [], ['cl_khr_kernel_clock']), need))
        self.assertTrue(device_claims.met(dev('3.0', ['__opencl_c_kernel_clock_scope_device'],
                                              ['cl_khr_kernel_clock']), need))

    def test_every_row_can_be_read(self):
        d = dev()
        for row in builtins():
            device_claims.met(d, row[2])
        for row in features():
            device_claims.met(d, row[2])

    def test_captures_load(self):
        names = [name for name, _ in device_claims.load()]
        self.assertIn('pocl-3.1', names)
        self.assertIn('intel-cpu-2026.2', names)


if __name__ == '__main__':
    unittest.main()
