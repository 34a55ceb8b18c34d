"""The images suite's catalog: image types, channel orders and data types, samplers.

OpenCL C 3.0 spec 6.15.15 (image read, sampler-less read, write and query
functions), 6.15.15.7 (mapping of channels to color values), section 8
(image addressing and filtering, conversion rules, selecting an image from
an image array); the API spec's table of image formats gives which channel
orders go with which data types.
"""

from dataclasses import dataclass

# Image types of OpenCL C 1.2: name -> (coordinate components of the write and
# sampler-less read, coordinate components of a sampled read, queries it has).
IMAGE_TYPES = {
    'image1d': {'cl': 'image1d_t', 'icoord': 'int', 'fcoord': 'float', 'sampled': True,
                'queries': ['width'], 'dims': 1, 'array': False},
    'image1d_buffer': {'cl': 'image1d_buffer_t', 'icoord': 'int', 'fcoord': None, 'sampled': False,
                       'queries': ['width'], 'dims': 1, 'array': False},
    'image1d_array': {'cl': 'image1d_array_t', 'icoord': 'int2', 'fcoord': 'float2', 'sampled': True,
                      'queries': ['width', 'array_size'], 'dims': 1, 'array': True},
    'image2d': {'cl': 'image2d_t', 'icoord': 'int2', 'fcoord': 'float2', 'sampled': True,
                'queries': ['width', 'height', 'dim2'], 'dims': 2, 'array': False},
    'image2d_array': {'cl': 'image2d_array_t', 'icoord': 'int4', 'fcoord': 'float4', 'sampled': True,
                      'queries': ['width', 'height', 'array_size', 'dim2'], 'dims': 2, 'array': True},
    'image3d': {'cl': 'image3d_t', 'icoord': 'int4', 'fcoord': 'float4', 'sampled': True,
                'queries': ['width', 'height', 'depth', 'dim4'], 'dims': 3, 'array': False},
}

# Quick-mode extents (width, height, depth or layers): small, odd, so that a
# row or layer mix-up shows; the full mode multiplies the width by 8.
EXTENTS = {'image1d': (37, 1, 1), 'image1d_buffer': (41, 1, 1), 'image1d_array': (13, 3, 1),
           'image2d': (9, 7, 1), 'image2d_array': (7, 5, 3), 'image3d': (5, 4, 3)}

# Channel data types: name -> (how read and written: 'f' 'i' 'ui', bytes per channel or packed texel).
DATA_TYPES = {
    'SNORM_INT8': ('f', 1), 'SNORM_INT16': ('f', 2), 'UNORM_INT8': ('f', 1), 'UNORM_INT16': ('f', 2),
    'UNORM_SHORT_565': ('f', 2), 'UNORM_SHORT_555': ('f', 2), 'UNORM_INT_101010': ('f', 4),
    'SIGNED_INT8': ('i', 1), 'SIGNED_INT16': ('i', 2), 'SIGNED_INT32': ('i', 4),
    'UNSIGNED_INT8': ('ui', 1), 'UNSIGNED_INT16': ('ui', 2), 'UNSIGNED_INT32': ('ui', 4),
    'HALF_FLOAT': ('f', 2), 'FLOAT': ('f', 4),
}
PACKED = ('UNORM_SHORT_565', 'UNORM_SHORT_555', 'UNORM_INT_101010')
# cl_khr_fp16: read_imageh is defined for the packed, normalized and
# CL_HALF_FLOAT types; write_imageh also for CL_FLOAT (6.15.15).
HALF_READ = ('SNORM_INT8', 'SNORM_INT16', 'UNORM_INT8', 'UNORM_INT16', 'HALF_FLOAT') + PACKED
HALF_WRITE = HALF_READ + ('FLOAT',)

# Channel orders of OpenCL 1.2 and the data types the API spec's format table
# allows with each.
NOT_PACKED = [t for t in DATA_TYPES if t not in PACKED]
# CL_RGx is left out: the API spec describes it as three channels, red, green
# and an ignored one, and requires the bits of an element to be a power of
# two, which no unpacked data type then gives; it names no packed layout
# for it either.
ORDERS = {
    'R': NOT_PACKED, 'Rx': NOT_PACKED, 'A': NOT_PACKED, 'RG': NOT_PACKED,
    'RA': NOT_PACKED, 'RGBA': NOT_PACKED,
    'INTENSITY': ['UNORM_INT8', 'UNORM_INT16', 'SNORM_INT8', 'SNORM_INT16', 'HALF_FLOAT', 'FLOAT'],
    'LUMINANCE': ['UNORM_INT8', 'UNORM_INT16', 'SNORM_INT8', 'SNORM_INT16', 'HALF_FLOAT', 'FLOAT'],
    'RGB': list(PACKED), 'RGBx': list(PACKED),
    'ARGB': ['UNORM_INT8', 'SNORM_INT8', 'SIGNED_INT8', 'UNSIGNED_INT8'],
    'BGRA': ['UNORM_INT8', 'SNORM_INT8', 'SIGNED_INT8', 'UNSIGNED_INT8'],
}

# Sampler settings (6.15.15.1 and section 8.2): repeat and mirrored repeat only
# with normalized coordinates.
ADDRESSING = ('NONE', 'CLAMP_TO_EDGE', 'CLAMP', 'REPEAT', 'MIRRORED_REPEAT')
FILTERS = ('NEAREST', 'LINEAR')
# Extents of the sampler images: powers of two, so that texel centres and the
# quarter points between them are exact normalized coordinates.
SAMPLER_EXTENTS = {'image1d': (16, 1, 1), 'image1d_array': (16, 3, 1), 'image2d': (8, 4, 1),
                   'image2d_array': (8, 4, 3), 'image3d': (4, 4, 2)}

# Which built-in names each kind of case calls (for the coverage table).
READ_FN = {'f': 'read_imagef', 'i': 'read_imagei', 'ui': 'read_imageui', 'h': 'read_imageh'}
WRITE_FN = {'f': 'write_imagef', 'i': 'write_imagei', 'ui': 'write_imageui', 'h': 'write_imageh'}
QUERY_FN = {'width': 'get_image_width', 'height': 'get_image_height', 'depth': 'get_image_depth',
            'array_size': 'get_image_array_size', 'dim2': 'get_image_dim', 'dim4': 'get_image_dim'}


@dataclass
class FormatCase:
    id: str
    image: str
    order: str
    dtype: str
    half: bool = False  # read_imageh / write_imageh (cl_khr_fp16)

    @property
    def access(self):
        return 'h' if self.half else DATA_TYPES[self.dtype][0]

    @property
    def reads(self):
        return not self.half or self.dtype in HALF_READ

    @property
    def requires(self):
        return ['images', 'fp16'] if self.half else ['images']

    @property
    def writes_require(self):
        return ['cl_khr_3d_image_writes'] if self.image == 'image3d' else []


@dataclass
class SamplerCase:
    id: str
    image: str
    normalized: bool
    addressing: str
    filter: str

    @property
    def exact(self):
        # 8.2's note: only unnormalized coordinates, nearest filtering and
        # NONE / CLAMP_TO_EDGE / CLAMP locate the texel without loss of precision.
        return (not self.normalized) and self.filter == 'NEAREST' and self.addressing in ('NONE', 'CLAMP_TO_EDGE', 'CLAMP')


def format_cases():
    out = []
    for image in IMAGE_TYPES:
        for order, dtypes in ORDERS.items():
            for dtype in dtypes:
                out.append(FormatCase(f'images.{image}.{order}.{dtype}', image, order, dtype))
                if dtype in HALF_WRITE:
                    out.append(FormatCase(f'images.{image}.{order}.{dtype}.half', image, order, dtype, True))
    return out


def sampler_cases():
    out = []
    for image in SAMPLER_EXTENTS:
        for normalized in (False, True):
            for addressing in ADDRESSING:
                if not normalized and addressing in ('REPEAT', 'MIRRORED_REPEAT'):
                    continue
                for filt in FILTERS:
                    norm = 'normalized' if normalized else 'unnormalized'
                    out.append(SamplerCase(f'images.sampler.{image}.{norm}.{addressing.lower()}.{filt.lower()}',
                                           image, normalized, addressing, filt))
    return out


def coverage():
    """Built-in names this suite covers: {name: {'overloads': n, 'cases': [ids]}}.

    An overload is one (image type, coordinate type, sampler or not) signature of
    the name that some case calls."""
    cov = {}

    def add(name, signature, case_id):
        entry = cov.setdefault(name, {'signatures': set(), 'cases': []})
        entry['signatures'].add(signature)
        if case_id not in entry['cases']:
            entry['cases'].append(case_id)

    for c in format_cases():
        t = IMAGE_TYPES[c.image]
        if c.reads:
            add(READ_FN[c.access], (t['cl'], t['icoord'], 'no sampler'), c.id)
            if t['sampled']:
                add(READ_FN[c.access], (t['cl'], t['icoord'], 'sampler'), c.id)
                add(READ_FN[c.access], (t['cl'], t['fcoord'], 'sampler'), c.id)
        add(WRITE_FN[c.access], (t['cl'], t['icoord']), c.id)
        for q in t['queries'] + ['channel_data_type', 'channel_order']:
            add(QUERY_FN.get(q, 'get_image_' + q), (t['cl'],), c.id)
    for c in sampler_cases():
        t = IMAGE_TYPES[c.image]
        add('read_imagef', (t['cl'], t['fcoord'], 'sampler'), c.id)
    # read_imageh and write_imageh are fp16 overloads.
    fp16 = (READ_FN['h'], WRITE_FN['h'])
    return {k: {'overloads': {'fp16' if k in fp16 else 'core': len(v['signatures'])}, 'cases': v['cases']}
            for k, v in cov.items()}
