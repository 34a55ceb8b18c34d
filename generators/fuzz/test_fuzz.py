#!/usr/bin/env python3
"""Unit tests of the fuzzer: python3 generators/fuzz/test_fuzz.py (CTest
unit.fuzz_generator). The clang test compiles generated kernels with
clang-15 and is skipped where there is none."""

import copy
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # clgen
sys.path.insert(0, HERE)

import bounds  # noqa: E402
import gen  # noqa: E402
import inputs  # noqa: E402
import printer  # noqa: E402
import program  # noqa: E402
import shrink  # noqa: E402

OPTION_SETS = (
    (False, False, ''),
    (True, True, ''),
    (True, True, '-cl-fast-relaxed-math'),
    (True, False, '-cl-finite-math-only -cl-denorms-are-zero'),
    (False, True, '-cl-unsafe-math-optimizations -cl-mad-enable'),
    (False, False, '-cl-fp32-correctly-rounded-divide-sqrt'),
)
CLANG = '/usr/bin/clang-15'


def tiny():
    """A hand-written program with every kind of block: if/else, a loop
    with its counter, and a few operations between them."""
    nodes = [
        program.make_node('arg', 'float4', arg=0),                          # 0
        program.make_node('const', 'float4', bits=[0x3f800000] * 4),       # 1
        program.make_node('add', 'float4', [0, 1]),                         # 2
        program.make_node('swizzle', 'float', [2], comps=[3]),              # 3
        program.make_node('arg', 'float', arg=1),                           # 4
        program.make_node('lt', 'int', [3, 4]),                             # 5
        program.make_node('if', 'int', [5]),                                # 6
        program.make_node('call', 'float4', [2], fn='sqrt', bound={'ulp': 3}),  # 7
        program.make_node('else', 'float4', [7], **{'if': 6}),              # 8
        program.make_node('neg', 'float4', [0]),                            # 9
        program.make_node('endif', 'float4', [9], **{'if': 6}),             # 10
        program.make_node('loop', 'float4', [10], count=3),                 # 11
        program.make_node('iter', 'int', loop=11),                          # 12
        program.make_node('vec', 'int4', [12]),                             # 13
        program.make_node('convert', 'float4', [13], sat=False, round='rtz'),  # 14
        program.make_node('mul', 'float4', [11, 14]),                       # 15
        program.make_node('endloop', 'float4', [15], loop=11),              # 16
        program.make_node('convert', 'short4', [16], sat=True, round=''),   # 17
        program.make_node('const', 'short4', bits=[0xffff, 1, 0x8000, 0]),  # 18
        program.make_node('call', 'ushort4', [17, 18], fn='abs_diff'),      # 19
    ]
    p = {'format': 1, 'seed': 0, 'index': 0, 'build_options': '', 'needs': [], 'items': 1,
         'args': ['float4', 'float'], 'result': 'ushort4', 'nodes': nodes, 'ret': 19,
         'inputs': [[0x40000000, 0, 0xbf800000, 0x7fc00000], [0x3f000000]], 'source': ''}
    p['source'] = printer.source(p)
    return p


TINY_SOURCE = '''#pragma OPENCL FP_CONTRACT OFF
__kernel void fuzz(__global const float4* a0, __global const float* a1, __global ushort4* out) {
  const size_t gid = get_global_id(0);
  float4 t0 = a0[gid];
  float4 t1 = as_float4((uint4)(0x3f800000u, 0x3f800000u, 0x3f800000u, 0x3f800000u));
  float4 t2 = (t0 + t1);
  float t3 = t2.s3;
  float t4 = a1[gid];
  int t5 = (t3 < t4);
  float4 t10;
  if (t5 != 0) {
    float4 t7 = sqrt(t2);
    t10 = t7;
  } else {
    float4 t9 = -t0;
    t10 = t9;
  }
  float4 t11 = t10;
  for (int t12 = 0; t12 < 3; ++t12) {
    int4 t13 = (int4)(t12);
    float4 t14 = convert_float4_rtz(t13);
    float4 t15 = (t11 * t14);
    t11 = t15;
  }
  float4 t16 = t11;
  short4 t17 = convert_short4_sat(t16);
  short4 t18 = as_short4((ushort4)((ushort)0xffffu, (ushort)0x1u, (ushort)0x8000u, (ushort)0x0u));
  ushort4 t19 = abs_diff(t17, t18);
  out[gid] = t19;
}
'''


def all_programs(count):
    for fp64, fp16, options in OPTION_SETS:
        for k in range(count):
            yield gen.generate(5, k, fp64, fp16, options, items=3)


class Determinism(unittest.TestCase):
    def test_same_seed_and_index_same_program(self):
        for k in range(20):
            a = program.dumps(gen.generate(7, k, True, True, '', 8))
            b = program.dumps(gen.generate(7, k, True, True, '', 8))
            self.assertEqual(a, b)

    def test_other_index_other_program(self):
        texts = {program.dumps(gen.generate(7, k, True, True, '', 8)['nodes']) for k in range(20)}
        self.assertEqual(len(texts), 20)

    def test_json_round_trip(self):
        p = gen.generate(7, 3, True, True, '', 8)
        self.assertEqual(program.loads(program.dumps(p)), p)


class Generated(unittest.TestCase):
    def test_programs_validate(self):
        for p in all_programs(300):
            program.validate(p)  # gen validates too; this is the contract the oracle relies on
            self.assertNotEqual(program.width(p['result']), 3)
            self.assertEqual(p['source'], printer.source(p))

    def test_precision_follows_flags(self):
        for p in all_programs(60):
            fp64 = any(program.elem_of(t) == 'double' for t in [n['type'] for n in p['nodes']])
            fp16 = any(program.elem_of(t) == 'half' for t in [n['type'] for n in p['nodes']])
            self.assertEqual(p['needs'], [c for c, used in (('fp64', fp64), ('fp16', fp16)) if used])
        for k in range(100):
            p = gen.generate(9, k, False, False, '', 1)
            self.assertEqual(p['needs'], [])

    def test_bounds_are_the_tables(self):
        for p in all_programs(60):
            options = program.options_of(p)
            for n in p['nodes']:
                if n['op'] == 'call' and n['fn'] in program.MATH_FNS:
                    self.assertEqual(n['bound'], bounds.bound(n['fn'], program.elem_of(n['type']), options))
                if n['op'] in ('add', 'sub', 'mul'):
                    self.assertNotIn('bound', n)

    def test_common_and_geometric_bounds_are_the_tables(self):
        seen = set()
        for p in all_programs(120):
            options = program.options_of(p)
            for n in p['nodes']:
                if n['op'] != 'call' or program.is_int(n['type']):
                    continue
                if n['fn'] in program.COMMON_FORMS:
                    want = bounds.fn_bound(n['fn'], program.elem_of(n['type']), program.width(n['type']), options)
                elif n['fn'] in program.GEOMETRIC:
                    a = p['nodes'][n['in'][0]]['type']
                    want = bounds.fn_bound(n['fn'], program.elem_of(a), program.width(a), options)
                else:
                    continue
                seen.add(n['fn'])
                self.assertEqual(n['bound'], want)
                self.assertEqual('squares_may_underflow' in n['bound'],
                                 n['fn'] in ('length', 'distance', 'normalize') and bounds.relaxed(options))
        self.assertEqual(seen, set(program.COMMON_FORMS) | set(program.GEOMETRIC))

    def test_every_node_used(self):
        for p in all_programs(50):
            used = {p['ret']}
            for n in p['nodes']:
                used.update(program.operands(n))
                used.update(n[f] for f in ('if', 'loop') if f in n)
            self.assertEqual(used, set(range(len(p['nodes']))) - {j for j, n in enumerate(p['nodes'])
                                                                  if n['op'] == 'else'})

    def test_relaxed_leaves_out_what_it_cannot_bound(self):
        for k in range(200):
            p = gen.generate(3, k, False, False, '-cl-fast-relaxed-math', 1)
            for n in p['nodes']:
                if program.elem_of(n['type']) == 'float':
                    self.assertFalse(n['op'] == 'div')
                    self.assertFalse(n['op'] == 'call' and n['fn'] in ('sin', 'exp', 'log', 'pow'))


class Inputs(unittest.TestCase):
    def test_lengths_and_ranges(self):
        p = gen.generate(1, 1, True, True, '', 17)
        for t, values in zip(p['args'], p['inputs']):
            self.assertEqual(len(values), 17 * program.width(t))
            self.assertTrue(all(0 <= v < 1 << program.bits(t) for v in values))

    def test_finite_only_inputs(self):
        import random
        rng = random.Random(1)
        for elem, exp_mask in (('half', 0x7c00), ('float', 0x7f800000), ('double', 0x7ff0000000000000)):
            vals = [inputs.component(rng, elem, True) for _ in range(3000)]
            self.assertFalse(any(v & exp_mask == exp_mask for v in vals), elem)
            vals = [inputs.component(rng, elem, False) for _ in range(3000)]
            self.assertTrue(any(v & exp_mask == exp_mask for v in vals), elem)


class Printer(unittest.TestCase):
    def test_tiny_program(self):
        p = program.validate(tiny())
        self.assertEqual(p['source'], TINY_SOURCE)

    def test_literals(self):
        self.assertEqual(printer.literal('float', [0x3f800000]), 'as_float((uint)0x3f800000u)')
        self.assertEqual(printer.literal('double', [1]), 'as_double((ulong)0x1ul)')
        self.assertEqual(printer.literal('half', [0x3c00]), 'as_half((ushort)0x3c00u)')
        self.assertEqual(printer.literal('uint', [5]), '(uint)0x5u')
        self.assertEqual(printer.literal('uchar2', [1, 255]), '(uchar2)((uchar)0x1u, (uchar)0xffu)')
        self.assertEqual(printer.literal('int3', [1, 2, 3]), 'as_int3((uint3)(0x1u, 0x2u, 0x3u))')

    def test_narrow_scalars(self):
        p = tiny()
        p['args'] = ['ushort']
        p['inputs'] = [[1]]
        p['nodes'] = [program.make_node('arg', 'ushort', arg=0),
                      program.make_node('mul', 'ushort', [0, 0]),
                      program.make_node('shl', 'ushort', [1, 0])]
        p['ret'], p['result'] = 2, 'ushort'
        src = printer.source(program.validate(p))
        self.assertIn('ushort t1 = (ushort)((uint)t0 * (uint)t0);', src)
        self.assertIn('ushort t2 = (ushort)(t1 << (t0 & 15));', src)


class Validation(unittest.TestCase):
    def broken(self, change):
        p = tiny()
        change(p)
        with self.assertRaises(program.Invalid):
            program.validate(p)

    def test_rejects(self):
        self.broken(lambda p: p['nodes'][2].update({'in': [0, 3]}))              # operand of another type
        self.broken(lambda p: p['nodes'][15].update({'in': [11, 7]}))            # out of scope (then-part)
        self.broken(lambda p: p.update({'ret': 13}))                             # ret inside a loop
        self.broken(lambda p: p['nodes'][7].update({'bound': {'ulp': 4}}))       # not the table's bound
        self.broken(lambda p: p['nodes'][17].update({'sat': False}))             # float -> int without _sat
        self.broken(lambda p: p['nodes'][11].update({'count': 5}))
        self.broken(lambda p: p['inputs'][1].append(0))
        self.broken(lambda p: p.update({'args': ['float4', 'float3']}))
        self.broken(lambda p: p['nodes'][5].update({'op': 'add', 'type': 'float'}))  # an if on a float
        self.broken(lambda p: p['nodes'].__setitem__(2, program.make_node('sub', 'int4', [0, 1])))

    def test_common_and_geometric_forms(self):
        p = tiny()
        p['args'] = ['float4', 'float']
        p['inputs'] = [[0] * 4, [0]]
        exact = {'exact': True}
        p['nodes'] = [program.make_node('arg', 'float4', arg=0),
                      program.make_node('arg', 'float', arg=1),
                      program.make_node('call', 'float4', [0, 1], fn='max', bound=exact),
                      program.make_node('call', 'float', [2, 0], fn='dot',
                                        bound=bounds.fn_bound('dot', 'float', 4, []))]
        p['ret'], p['result'] = 3, 'float'
        program.validate(p)
        for change in (lambda q: q['nodes'][2].update({'in': [1, 0]}),     # max(float, float4): no such form
                       lambda q: q['nodes'][2].update({'bound': {'ulp': 1}}),
                       lambda q: q['nodes'][3].update({'bound': {'abs_max_sq': 5, 'eps_log2': -23}}),  # n = 4: 7
                       lambda q: q['nodes'][3].update({'type': 'float4'})):
            q = copy.deepcopy(p)
            change(q)
            self.assertRaises(program.Invalid, program.validate, q)

    def test_divisor_must_be_nonzero(self):
        p = tiny()
        p['args'] = ['uint']
        p['inputs'] = [[7]]
        p['nodes'] = [program.make_node('arg', 'uint', arg=0),
                      program.make_node('const', 'uint', bits=[1]),
                      program.make_node('or', 'uint', [0, 1]),
                      program.make_node('div', 'uint', [0, 2])]
        p['ret'], p['result'] = 3, 'uint'
        program.validate(p)
        p['nodes'][3]['in'] = [0, 0]
        self.assertRaises(program.Invalid, program.validate, p)


class Shrink(unittest.TestCase):
    def test_candidates_valid_and_smaller(self):
        for k in range(15):
            p = gen.generate(13, k, True, True, '', 1)
            base = shrink.size(p)
            cands = shrink.candidates(p)
            self.assertTrue(cands)
            for q in cands:
                program.validate(q)
                self.assertLess(shrink.size(q), base)
                self.assertEqual(q['source'], printer.source(q))
            self.assertEqual([shrink.size(q) for q in cands], sorted(shrink.size(q) for q in cands))

    def test_reduction_ends_small(self):
        """Repeatedly taking the first variant that still "fails" (here: it
        still calls the first math function of the program) ends at a
        program of a handful of nodes."""
        done = 0
        for k in range(60):
            p = gen.generate(21, k, False, False, '', 1)
            fns = [n['fn'] for n in p['nodes'] if n['op'] == 'call' and n['fn'] in program.MATH_FNS]
            if not fns:
                continue

            def fails(q, fn=fns[0]):
                return any(n['op'] == 'call' and n.get('fn') == fn for n in q['nodes'])

            steps = 0
            while True:
                nxt = next((q for q in shrink.candidates(p) if fails(q)), None)
                if nxt is None:
                    break
                p = nxt
                steps += 1
                self.assertLess(steps, 500)
            self.assertLessEqual(len(p['nodes']), 6, program.dumps(p['nodes']))
            done += 1
        self.assertGreater(done, 5)

    def test_collapses(self):
        p = tiny()
        cands = shrink.candidates(p)
        ops = [[n['op'] for n in q['nodes']] for q in cands]
        self.assertTrue(any('if' not in o and 'loop' in o for o in ops))      # the if collapsed
        self.assertTrue(any('loop' not in o and 'if' in o for o in ops))      # the loop collapsed
        counts = [n['count'] for q in cands for n in q['nodes'] if n['op'] == 'loop']
        self.assertIn(2, counts)

    def test_unrolls_a_loop_pass_by_pass(self):
        """tiny()'s loop of 3 passes multiplies the accumulator by the pass
        number converted to float: unrolled, the passes follow each other
        with the counters 0, 1, 2 as constants, each multiplying the one
        before."""
        p = tiny()
        unrolled = [q for q in shrink.candidates(p)
                    if 'loop' not in [n['op'] for n in q['nodes']] and 'if' in [n['op'] for n in q['nodes']]
                    and sum(n['op'] == 'mul' for n in q['nodes']) == 3]
        self.assertEqual(len(unrolled), 1)
        q = unrolled[0]
        muls = [j for j, n in enumerate(q['nodes']) if n['op'] == 'mul']
        self.assertEqual(q['nodes'][muls[1]]['in'][0], muls[0])  # pass 2's accumulator: pass 1's product
        self.assertEqual(q['nodes'][muls[2]]['in'][0], muls[1])
        counters = [n['bits'] for n in q['nodes'] if n['op'] == 'const' and n['type'] == 'int']
        self.assertEqual(counters, [[0], [1], [2]])
        self.assertLess(shrink.executed(q['nodes']), shrink.executed(p['nodes']))

    def test_narrows_widths_and_integer_elements(self):
        p = tiny()
        p['args'], p['items'] = ['uint4'], 2
        p['inputs'] = [[1, 2, 3, 4, 0x10005, 6, 7, 8]]
        p['nodes'] = [program.make_node('arg', 'uint4', arg=0),
                      program.make_node('const', 'uint4', bits=[0x10000, 1, 1, 1]),
                      program.make_node('add', 'uint4', [0, 1]),
                      program.make_node('swizzle', 'uint2', [2], comps=[1, 0])]
        p['ret'], p['result'] = 3, 'uint2'
        program.validate(p)
        by_args = {tuple(q['args']): q for q in shrink.candidates(p) if len(q['nodes']) == 4}
        two = by_args[('uint2',)]  # width 4 cut to 2: each item's first two components
        self.assertEqual(two['inputs'], [[1, 2, 0x10005, 6]])
        self.assertEqual(two['nodes'][1]['bits'], [0x10000, 1])
        short = by_args[('ushort4',)]  # uint cut to ushort: the low 16 bits
        self.assertEqual(short['inputs'], [[1, 2, 3, 4, 5, 6, 7, 8]])
        self.assertEqual(short['nodes'][1]['bits'], [0, 1, 1, 1])
        self.assertEqual(short['result'], 'ushort2')
        self.assertNotIn(('uint',), by_args)  # the swizzle reads component 1, which width 1 drops

    def test_input_left_alone(self):
        p = tiny()
        before = copy.deepcopy(p)
        shrink.candidates(p)
        self.assertEqual(p, before)


@unittest.skipUnless(os.path.exists(CLANG), 'no clang-15')
class Clang(unittest.TestCase):
    def test_kernels_compile(self):
        tmp = tempfile.mkdtemp()
        try:
            failures = []
            for i, (fp64, fp16, options) in enumerate(OPTION_SETS[:3]):
                for k in range(34):
                    p = gen.generate(17, k, fp64, fp16, options, 1)
                    path = os.path.join(tmp, f'k{i}_{k}.cl')
                    with open(path, 'w') as f:
                        f.write(p['source'])
                    ext = ','.join(('+' if c in p['needs'] else '-') + 'cl_khr_' + c for c in ('fp64', 'fp16'))
                    r = subprocess.run([CLANG, '-x', 'cl', '-cl-std=CL1.2', '-fsyntax-only', '-Werror',
                                        '-Xclang', '-finclude-default-header', '--target=x86_64-unknown-linux-gnu',
                                        '-Xclang', f'-cl-ext={ext}', path], capture_output=True, text=True)
                    if r.returncode:
                        failures.append(r.stderr)
            self.assertEqual(failures, [])
        finally:
            shutil.rmtree(tmp)


if __name__ == '__main__':
    unittest.main()
