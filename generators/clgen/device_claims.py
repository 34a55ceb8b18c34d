"""What the devices at hand claim, read from `clconform devices` captures in
clgen/devices/ (one file per device: PoCL 3.1 and Intel's CPU runtime
captured on this machine, NVIDIA's H200 driver from
docs/device-runs/nvidia-h200-all-suites/devices.txt), and whether a coverage
row's 'needs' (builtins_spec.py) is met by each: the coverage table says
which rows no device at hand can run.
"""

import os
import re

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'devices')


def _field(text, name):
    m = re.search(rf'^\s*{re.escape(name)}:\s*(.*)$', text, re.M)
    return m.group(1) if m else ''


def load():
    """[(device name, {'versions', 'features', 'extensions'})], by file name."""
    out = []
    for f in sorted(os.listdir(HERE)):
        if not f.endswith('.txt'):
            continue
        with open(os.path.join(HERE, f), encoding='utf-8') as fh:
            text = fh.read()
        out.append((f[:-len('.txt')], {'versions': set(_field(text, 'OpenCL C').split(';')[0].split()),
                                       'features': set(_field(text, 'C features').split()),
                                       'extensions': set(_field(text, 'extensions').split())}))
    return out


def _token(dev, t):
    if t.startswith('cl_'):
        return t in dev['extensions']
    if t.startswith('__opencl_c_'):
        return t in dev['features']
    m = re.fullmatch(r'(?:OpenCL C )?(\d\.\d)', t)
    if m:
        return m.group(1) in dev['versions']
    if t == 'subgroups':
        return 'cl_khr_subgroups' in dev['extensions'] or '__opencl_c_subgroups' in dev['features']
    if t == 'image support':
        return '__opencl_c_images' in dev['features']
    raise ValueError(f'device_claims: unknown need {t!r}')


def met(dev, needs):
    """Whether DEV has what NEEDS names: alternatives joined by ' or ', each
    a list joined by ' with ' or ' and '; parenthesised notes are read as
    comments."""
    for alt in re.sub(r'\([^)]*\)', '', needs).split(' or '):
        if all(_token(dev, p.strip()) for p in re.split(r' with | and ', alt.strip())):
            return True
    return False


def claimed_by(devices, needs):
    names = [name for name, dev in devices if met(dev, needs)]
    return ', '.join(names) if names else 'no device at hand'
