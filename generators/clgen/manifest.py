"""The case manifest the harness reads (format 1).

A manifest is one JSON file per suite:

  {"format": 1, "suite": "astype", "spec": "...",
   "programs": {"<program id>": {"file": "x.cl", "requires": ["fp64"], "cl_std": "2.0"}},
   "cases": [{"id": "astype.float4.int4", "labels": [...], "program": "<program id>",
              "kernel": "name", "check": "<check name>", "requires": [...],
              "expect": "build" | "build_failure", "group": "...", "params": {...}}],
   "groups": {"<group>": <case count>}}

"check" names the C++ routine in suites/ that runs and judges the case;
"params" is what that routine needs to compute the reference on the host.
A program with "cl_std": "2.0" is built with the newest OpenCL C >= 2.0 the
device accepts (-cl-std=CL2.0 or CL3.0); its cases should require "opencl_c_2.0".
"""

import json
import os


class Manifest:
    def __init__(self, suite, spec):
        self.suite = suite
        self.spec = spec
        self.programs = {}
        self.sources = {}
        self.cases = []

    def add_program(self, program_id, source, requires=(), cl_std=None):
        if program_id in self.programs:
            raise ValueError(f'duplicate program {program_id}')
        self.programs[program_id] = {'file': f'{program_id}.cl', 'requires': list(requires)}
        if cl_std:
            self.programs[program_id]['cl_std'] = cl_std
        self.sources[program_id] = source

    def add_case(self, case_id, program, kernel, check, group, params,
                 requires=(), labels=('quick',), expect='build'):
        if program not in self.programs:
            raise ValueError(f'case {case_id} names unknown program {program}')
        self.cases.append({
            'id': case_id, 'labels': [self.suite] + list(labels), 'program': program,
            'kernel': kernel, 'check': check, 'group': group, 'requires': list(requires),
            'expect': expect, 'params': params})

    def groups(self):
        counts = {}
        for c in self.cases:
            counts[c['group']] = counts.get(c['group'], 0) + 1
        return counts

    def write(self, out_dir):
        ids = [c['id'] for c in self.cases]
        if len(ids) != len(set(ids)):
            raise ValueError(f'{self.suite}: duplicate case ids')
        os.makedirs(out_dir, exist_ok=True)
        for program_id, source in self.sources.items():
            write_if_changed(os.path.join(out_dir, self.programs[program_id]['file']), source)
        doc = {'format': 1, 'suite': self.suite, 'spec': self.spec,
               'programs': self.programs, 'cases': self.cases, 'groups': self.groups()}
        write_if_changed(os.path.join(out_dir, 'manifest.json'), json.dumps(doc, indent=1) + '\n')


def write_if_changed(path, text):
    """Leave unchanged files alone so their timestamps do not trigger rebuilds."""
    try:
        with open(path, encoding='utf-8') as f:
            if f.read() == text:
                return
    except FileNotFoundError:
        pass
    with open(path, 'w', encoding='utf-8') as f:
        f.write(text)
