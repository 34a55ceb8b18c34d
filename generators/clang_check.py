#!/usr/bin/env python3
"""Check that every kernel of a generated suite compiles with clang, as
OpenCL C 2.0 and as OpenCL C 3.0 with exactly the features and extensions
its program requires: clang_check.py SUITE_DIR (a folder with manifest.json).

For suites whose kernels no device here can build (the OpenCL C 2.0/3.0
optional features): the device reports them unsupported, and this is what
proves the kernels are legal. Needs clang 15 or later (clang 14 does not
define __opencl_c_work_group_collective_functions from -cl-ext); exits 77
(CTest: skipped) when there is none, 1 when a kernel does not compile, 2 on
bad input. $CLCONFORM_CLANG names the compiler. The target is x86-64, not
SPIR: clang's OpenCL header defines every 3.0 feature macro for SPIR
targets whatever -cl-ext says, so a kernel using an undeclared feature
would pass there.
"""

import json
import os
import re
import shutil
import subprocess
import sys

SKIP = 77


def find_clang():
    env = os.environ.get('CLCONFORM_CLANG')
    if env:
        return env
    found = []
    for d in ('/usr/lib',):
        for name in sorted(os.listdir(d)) if os.path.isdir(d) else []:
            m = re.fullmatch(r'llvm-(\d+)', name)
            path = os.path.join(d, name, 'bin', 'clang')
            if m and int(m.group(1)) >= 15 and os.path.exists(path):
                found.append((int(m.group(1)), path))
    for v in range(30, 14, -1):
        p = shutil.which(f'clang-{v}')
        if p:
            found.append((v, p))
    return max(found)[1] if found else None


# Features clang (15) defines in its OpenCL header only, for SPIR targets;
# for any other target they are given with -D, as a driver would.
HEADER_ONLY = ('__opencl_c_work_group_collective_functions', '__opencl_c_atomic_order_seq_cst',
               '__opencl_c_atomic_scope_device', '__opencl_c_atomic_scope_all_devices',
               '__opencl_c_read_write_images')


def defines(requires, std):
    return [f'-D{r}=1' for r in requires if std == '3.0' and r in HEADER_ONLY]


def extensions(requires, std):
    """-cl-ext for a program's requirements, starting from none (-all) so
    that a kernel using something it did not declare fails."""
    ext = ['-all', '+__opencl_c_int64'] if std == '3.0' else ['-all']
    for r in requires:
        if r == 'fp64':
            ext += ['+cl_khr_fp64'] + (['+__opencl_c_fp64'] if std == '3.0' else [])
        elif r == 'fp16':
            ext += ['+cl_khr_fp16']
        elif r == 'cl_khr_subgroups or __opencl_c_subgroups':
            ext += ['+__opencl_c_subgroups'] if std == '3.0' else ['+cl_khr_subgroups']
        elif r.startswith('__opencl_c_'):
            if std == '3.0' and r not in HEADER_ONLY:
                ext.append('+' + r)
        elif r.startswith('cl_'):
            ext.append('+' + r)
    return ','.join(ext)


def main(argv):
    if len(argv) != 2 or not os.path.isfile(os.path.join(argv[1], 'manifest.json')):
        sys.stderr.write('usage: clang_check.py SUITE_DIR (with manifest.json)\n')
        return 2
    clang = find_clang()
    if not clang:
        print('no clang 15 or later: kernels not checked')
        return SKIP
    with open(os.path.join(argv[1], 'manifest.json'), encoding='utf-8') as f:
        manifest = json.load(f)
    failed = checked = 0
    for pid, prog in sorted(manifest['programs'].items()):
        path = os.path.join(argv[1], prog['file'])
        stds = ['2.0', '3.0'] if prog.get('cl_std') else ['1.2', '3.0']
        for std in stds:
            cmd = [clang, f'-cl-std=CL{std}', '-target', 'x86_64-unknown-linux-gnu', '-Xclang', '-finclude-default-header',
                   '-Xclang', '-cl-ext=' + extensions(prog.get('requires', []), std)] + \
                defines(prog.get('requires', []), std) + ['-fsyntax-only',
                   '-Werror=implicit-function-declaration', '-x', 'cl', path]
            r = subprocess.run(cmd, capture_output=True, text=True)
            checked += 1
            if r.returncode != 0:
                failed += 1
                sys.stdout.write(f'FAIL {prog["file"]} as OpenCL C {std}:\n  {" ".join(cmd)}\n{r.stderr}\n')
    print(f'{manifest["suite"]}: {checked - failed} of {checked} program builds (OpenCL C 2.0 and 3.0) compile with {clang}')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
