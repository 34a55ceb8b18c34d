"""The printf suite's catalog: every conversion the spec allows, as format strings.

OpenCL C 3.0 spec 6.15.14 (printf), which keeps C99 7.19.6.1's conversions
with these differences (6.15.14.2 and 6.15.14.4 of the same section):
- conversion specifiers d i o u x X f F e E g G a A c s p %; no n;
- length modifiers hh h l (l: a 64-bit long or ulong) for d i o u x X; l has
  no effect on f F e E g G a A; ll, j, z, t and L are not listed;
- the vector specifier vN (N = 2, 3, 4, 8, 16) before a length modifier that
  is then mandatory: hh (char), h (short, or half with the float
  conversions), hl (int or float: only in a vector specifier), l (long or
  double); components are printed separated by commas;
- the field width is a decimal integer (no '*'), the precision '.' and an
  optional decimal integer (no '*');
- s takes only literal strings; p's text is implementation-defined.

Each case is one program whose kernel calls printf once per format per input
value; its params list the format strings, which the host parses again
(reference/printf_format.hpp) to render the C99 text it expects.
"""

from dataclasses import dataclass, field

# Flags that C99 defines for each conversion ('#' for o x X and the float
# conversions only; '0' not with c s p).
INT_FLAG_SETS = ('', '-', '+', ' ', '0', '-+', '+0', ' 0')
UINT_FLAG_SETS = ('', '-', '#', '0', '#0', '-#')
FLOAT_FLAG_SETS = ('', '-', '+', ' ', '#', '0', '+0', '-#', ' #0')
INT_WIDTHS = (None, 1, 14)
INT_PRECISIONS = (None, 0, 6)
FLOAT_WIDTHS = (None, 18)
FLOAT_PRECISIONS = (None, 0, 3, 12)

SIGNED_CONVERSIONS = ('d', 'i')
UNSIGNED_CONVERSIONS = ('o', 'u', 'x', 'X')
FLOAT_CONVERSIONS = ('f', 'F', 'e', 'E', 'g', 'G', 'a', 'A')

# Scalar integer length modifiers: the argument type each selects (6.15.14.2).
INT_LENGTHS = {'hh': ('char', 'uchar'), 'h': ('short', 'ushort'), '': ('int', 'uint'), 'l': ('long', 'ulong')}
# Vector length modifiers: element type per modifier.
VECTOR_INT_LENGTHS = {'hh': ('char', 'uchar'), 'h': ('short', 'ushort'), 'hl': ('int', 'uint'),
                      'l': ('long', 'ulong')}
VECTOR_FLOAT_LENGTHS = {'h': 'half', 'hl': 'float', 'l': 'double'}
VECTOR_WIDTHS = (2, 3, 4, 8, 16)

ELEM_SIZE = {'char': 1, 'uchar': 1, 'short': 2, 'ushort': 2, 'int': 4, 'uint': 4, 'long': 8, 'ulong': 8,
             'half': 2, 'float': 4, 'double': 8}
KIND = {'char': 'int', 'short': 'int', 'int': 'int', 'long': 'int', 'uchar': 'uint', 'ushort': 'uint',
        'uint': 'uint', 'ulong': 'uint', 'half': 'float', 'float': 'float', 'double': 'float'}
REQUIRES = {'double': ('fp64',), 'half': ('fp16',)}

# %s operands: literal strings, including the empty one.
STRINGS = ('', 'a', 'OpenCL C', 'printf: 6.15.14', '  spaced  ', 'x%y')


def type_desc(elem, n):
    name = elem if n == 1 else f'{elem}{n}'
    return {'name': name, 'elem': elem, 'kind': KIND[elem], 'elem_size': ELEM_SIZE[elem], 'n': n}


def spec(flags, width, prec, length, conv, vec=0):
    w = '' if width is None else str(width)
    p = '' if prec is None else f'.{prec}'
    v = f'v{vec}' if vec else ''
    return f'%{flags}{w}{p}{v}{length}{conv}'


@dataclass
class PrintfCase:
    id: str
    group: str
    arg: str  # 'value' (one value per call from the input buffer), 'string', 'none', 'pointer'
    formats: list
    type: dict = None
    requires: tuple = ()
    values: int = 0  # quick-mode input values per format (the check may run more in full mode)
    strings: list = field(default_factory=list)


def integer_cases():
    out = []
    for length, (signed, unsigned) in INT_LENGTHS.items():
        for conv in SIGNED_CONVERSIONS + UNSIGNED_CONVERSIONS:
            elem = signed if conv in SIGNED_CONVERSIONS else unsigned
            flag_sets = INT_FLAG_SETS if conv in SIGNED_CONVERSIONS else UINT_FLAG_SETS
            if conv == 'u':
                flag_sets = tuple(f for f in flag_sets if '#' not in f)  # '#' is undefined with u (C99)
            formats = [spec(f, w, p, length, conv) for f in flag_sets for w in INT_WIDTHS for p in INT_PRECISIONS]
            lname = length or 'int'
            out.append(PrintfCase(f'printf.{lname}.{conv}', 'integer', 'value', formats, type_desc(elem, 1),
                                  values=48))
    return out


def float_cases():
    out = []
    for elem, lengths in (('float', ('',)), ('double', ('', 'l'))):
        for length in lengths:
            for conv in FLOAT_CONVERSIONS:
                formats = [spec(f, w, p, length, conv) for f in FLOAT_FLAG_SETS for w in FLOAT_WIDTHS
                           for p in FLOAT_PRECISIONS]
                name = elem + ('_l' if length else '')
                out.append(PrintfCase(f'printf.{name}.{conv}', 'float', 'value', formats, type_desc(elem, 1),
                                      REQUIRES.get(elem, ()), values=40))
    return out


def vector_cases():
    out = []
    for n in VECTOR_WIDTHS:
        for length, (signed, unsigned) in VECTOR_INT_LENGTHS.items():
            for elem, convs, flags in ((signed, ('d', 'i'), ('', '+', '-')), (unsigned, ('o', 'u', 'x', 'X'), ('', '#'))):
                formats = []
                for conv in convs:
                    for f in flags:
                        if conv == 'u' and '#' in f:
                            continue
                        formats += [spec(f, None, None, length, conv, n), spec(f, 6, 3, length, conv, n)]
                out.append(PrintfCase(f'printf.vector.{elem}{n}', 'vector', 'value', formats, type_desc(elem, n),
                                      values=12))
        for length, elem in VECTOR_FLOAT_LENGTHS.items():
            formats = []
            for conv in FLOAT_CONVERSIONS:
                formats += [spec('', None, None, length, conv, n), spec('+', 12, 4, length, conv, n),
                            spec('#', None, 0, length, conv, n)]
            out.append(PrintfCase(f'printf.vector.{elem}{n}', 'vector', 'value', formats, type_desc(elem, n),
                                  REQUIRES.get(elem, ()), values=12))
    return out


def other_cases():
    out = []
    # %c: the int argument converted to unsigned char (C99 7.19.6.1p8).
    out.append(PrintfCase('printf.c', 'char', 'value', [spec(f, w, None, '', 'c') for f in ('', '-')
                                                            for w in (None, 1, 5)], type_desc('int', 1), values=96))
    # %s with literal strings, widths and precisions.
    formats = [spec(f, w, p, '', 's') for f in ('', '-') for w in (None, 1, 3, 20) for p in (None, 0, 2, 9)]
    out.append(PrintfCase('printf.s', 'string', 'string', formats, strings=list(STRINGS)))
    # %% and ordinary characters, alone and around conversions.
    out.append(PrintfCase('printf.percent', 'percent', 'none', ['%%', '100%%', '%%%%', 'a%%b%%c', '[%%d]',
                                                               '%%5.2f']))
    # %p for a pointer to each address space; its text is implementation-defined.
    out.append(PrintfCase('printf.p', 'pointer', 'pointer', ['%p']))
    # More arguments than the format uses: evaluated and ignored (6.15.14).
    # The kernel passes v, ~v and v ^ 0x5a5a5a5a.
    out.append(PrintfCase('printf.excess_args', 'return', 'value', ['%d', 'no conversion', '%x %x'],
                          type_desc('int', 1), values=16))
    return out


def catalog():
    return integer_cases() + float_cases() + vector_cases() + other_cases()


def coverage():
    """Built-in names this suite covers: {name: {'overloads': covered, 'cases': [ids]}}.

    printf has one declaration (6.15.14); every case calls it."""
    ids = [c.id for c in catalog()]
    return {'printf': {'overloads': 1, 'cases': ids}}
