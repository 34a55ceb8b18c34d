"""The OpenCL C type model every generator shares.

OpenCL C 2.0 spec, section 6.1.1 (Built-in Scalar Data Types) and 6.1.2
(Built-in Vector Data Types): ten element types, vectors of 2, 3, 4, 8 and 16
components.  Section 6.1.5 (Alignment of Types): a type is aligned to its
size, and a 3-component vector has the size and alignment of the
4-component one.
"""

from dataclasses import dataclass

WIDTHS = (1, 2, 3, 4, 8, 16)  # 1 means the scalar type


@dataclass(frozen=True)
class Element:
    name: str
    size: int  # bytes
    kind: str  # 'int' (signed), 'uint' or 'float'
    requires: tuple = ()  # device capabilities the type needs

    @property
    def bits(self):
        return 8 * self.size


ELEMENTS = (
    Element('char', 1, 'int'),
    Element('uchar', 1, 'uint'),
    Element('short', 2, 'int'),
    Element('ushort', 2, 'uint'),
    Element('int', 4, 'int'),
    Element('uint', 4, 'uint'),
    Element('long', 8, 'int'),
    Element('ulong', 8, 'uint'),
    Element('float', 4, 'float'),
    Element('double', 8, 'float', ('fp64',)),
)
ELEMENT = {e.name: e for e in ELEMENTS}
# half (6.1.1, with cl_khr_fp16) is a type only where the device has fp16, so
# it is not in ELEMENTS, which every suite sweeps; suites that cover half add
# it (all_types(with_half=True)), and its programs and cases require "fp16".
HALF = Element('half', 2, 'float', ('fp16',))


@dataclass(frozen=True)
class Type:
    elem: Element
    n: int  # components; 1 for a scalar

    @property
    def name(self):
        return self.elem.name if self.n == 1 else f'{self.elem.name}{self.n}'

    @property
    def storage_n(self):
        """Components of memory a value occupies: 3-vectors are stored as 4."""
        return 4 if self.n == 3 else self.n

    @property
    def size(self):
        return self.elem.size * self.storage_n

    @property
    def align(self):
        return self.size

    @property
    def vec_step(self):
        return self.storage_n

    @property
    def requires(self):
        return self.elem.requires

    def describe(self):
        """The manifest form of the type: what the harness needs to lay out and check values."""
        return {'name': self.name, 'elem': self.elem.name, 'kind': self.elem.kind,
                'elem_size': self.elem.size, 'n': self.n}


def all_types(with_half=False):
    return [Type(e, n) for e in ELEMENTS + ((HALF,) if with_half else ()) for n in WIDTHS]


def scalar_types():
    return [Type(e, 1) for e in ELEMENTS]


def type_named(name):
    for t in all_types():
        if t.name == name:
            return t
    raise KeyError(name)


def requirements(*types):
    """Union of the capabilities the given types need, in a stable order."""
    out = []
    for t in types:
        for r in t.requires:
            if r not in out:
                out.append(r)
    return out


def pragmas(requires):
    """Extension pragmas a program needs before it may use the given capabilities."""
    lines = []
    if 'fp64' in requires:
        lines.append('#pragma OPENCL EXTENSION cl_khr_fp64 : enable')
    if 'fp16' in requires:
        lines.append('#pragma OPENCL EXTENSION cl_khr_fp16 : enable')
    return '\n'.join(lines) + ('\n' if lines else '')
