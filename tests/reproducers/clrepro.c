/* clrepro: runs one OpenCL C reproducer file through the OpenCL C API alone
 * (no clconform code), so that a device vendor can see a defect with a C
 * compiler and an ICD loader:   cc clrepro.c -lOpenCL -o clrepro
 *
 *   clrepro FILE.cl [NAME]   NAME: a part of the platform or device name
 *                            (default: $CLREPRO_DEVICE, else the first device)
 *
 * The file is the kernel source; lines starting with "//@" say how to run it:
 *   //@ kernel: NAME               the kernel to run
 *   //@ options: -cl-std=CL3.0     build options (optional)
 *   //@ global: N    //@ local: N  the 1-D NDRange (local optional)
 *   //@ arg I in BITS: HEX ...     a buffer of BITS-bit elements (8, 16, 32, 64)
 *   //@ arg I out BITS: COUNT      a buffer of COUNT elements, filled with 0xA5 bytes
 *   //@ arg I value BITS: HEX      a scalar passed by value
 *   //@ arg I local: BYTES         __local memory
 *   //@ expect I: HEX ...          the bits the specification requires in out buffer I
 *   //@ expect-printf: TEXT        a line printf must write (one per line, in order)
 *   //@ expect-build: fail         the specification requires the build to fail
 *   //@ expect-build: succeed      the program is legal: a failed build is the defect
 *                                  (without either line a failed build is exit 2)
 *   //@ time-limit: SECONDS        a build and run still unfinished after SECONDS is
 *                                  the defect (the runtime hangs)
 * Exit status: 0 the device gave what the specification requires, 1 it did
 * not, killed the process or hung past the time limit (the last line is then
 * "DEFECT SHOWN"), 2 the
 * file or the device could not be used.
 * Every output buffer is printed in hex, whatever the verdict. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_ARGS 16
#define MAX_LINES 64

typedef enum { ARG_NONE, ARG_IN, ARG_OUT, ARG_VALUE, ARG_LOCAL } ArgKind;
typedef struct {
  ArgKind kind;
  int bytes;           /* element size */
  size_t count;        /* elements */
  uint64_t *values;    /* in, value: the given bits */
  uint64_t *expect;    /* out: the required bits, or NULL */
  size_t expect_count;
  cl_mem mem;
} Arg;

static void die(const char *what) {
  fprintf(stderr, "clrepro: %s\n", what);
  exit(2);
}

static void die_cl(const char *what, cl_int err) {
  fprintf(stderr, "clrepro: %s failed (OpenCL error %d)\n", what, (int)err);
  exit(2);
}

static char *read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) die("cannot read the reproducer file");
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *s = malloc((size_t)n + 1);
  if (!s || fread(s, 1, (size_t)n, f) != (size_t)n) die("cannot read the reproducer file");
  s[n] = 0;
  fclose(f);
  return s;
}

/* Reads the hex numbers of TEXT into a new array; returns their count. */
static size_t parse_hex_list(const char *text, uint64_t **out) {
  size_t cap = 16, n = 0;
  uint64_t *v = malloc(cap * sizeof *v);
  char *end;
  for (;;) {
    while (*text == ' ' || *text == '\t' || *text == ',') ++text;
    if (!*text || *text == '\n') break;
    uint64_t x = strtoull(text, &end, 16);
    if (end == text) die("a value that is not hex in an '//@' line");
    if (n == cap) v = realloc(v, (cap *= 2) * sizeof *v);
    v[n++] = x;
    text = end;
  }
  *out = v;
  return n;
}

static int bits_to_bytes(int bits) {
  if (bits != 8 && bits != 16 && bits != 32 && bits != 64) die("element sizes are 8, 16, 32 or 64 bits");
  return bits / 8;
}

static void store(void *p, int bytes, uint64_t x) { memcpy(p, &x, (size_t)bytes); /* little-endian host */ }
static uint64_t load(const void *p, int bytes) {
  uint64_t x = 0;
  memcpy(&x, p, (size_t)bytes);
  return x;
}

static cl_device_id pick_device(const char *want, cl_platform_id *platform_out) {
  cl_platform_id platforms[16];
  cl_uint np = 0;
  if (clGetPlatformIDs(16, platforms, &np) != CL_SUCCESS || np == 0) die("no OpenCL platform");
  for (cl_uint p = 0; p < np && p < 16; ++p) {
    cl_device_id devices[16];
    cl_uint nd = 0;
    if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 16, devices, &nd) != CL_SUCCESS) continue;
    char pname[256] = "", dname[256] = "";
    clGetPlatformInfo(platforms[p], CL_PLATFORM_NAME, sizeof pname, pname, NULL);
    for (cl_uint d = 0; d < nd && d < 16; ++d) {
      clGetDeviceInfo(devices[d], CL_DEVICE_NAME, sizeof dname, dname, NULL);
      if (!want || !*want || strstr(pname, want) || strstr(dname, want)) {
        printf("device: %s (platform %s)\n", dname, pname);
        *platform_out = platforms[p];
        return devices[d];
      }
    }
  }
  die("no device matches the name given");
  return NULL;
}

static int run(int argc, char **argv);

/* The file's "//@ time-limit: SECONDS", or 0 for none. */
static long time_limit(const char *path) {
  char *source = read_file(path);
  const char *at = strstr(source, "//@ time-limit:");
  long seconds = at ? strtol(at + strlen("//@ time-limit:"), NULL, 10) : 0;
  free(source);
  return seconds;
}

/* The reproducer runs in a child, so that a runtime that kills the process
 * (a crash is a defect too) or never finishes still gets a verdict. */
int main(int argc, char **argv) {
  const long limit = argc >= 2 ? time_limit(argv[1]) : 0;
  fflush(stdout);
  pid_t pid = fork();
  if (pid < 0) die("cannot fork");
  if (pid == 0) exit(run(argc, argv));
  int status = 0;
  for (long waited_ms = 0;; waited_ms += 100) {
    const pid_t done = waitpid(pid, &status, limit ? WNOHANG : 0);
    if (done == pid) break;
    if (done != 0) die("lost the child process");
    if (waited_ms >= limit * 1000) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      printf("the runtime did not finish within %ld s\nDEFECT SHOWN\n", limit);
      return 1;
    }
    usleep(100000);
  }
  if (WIFSIGNALED(status)) {
    printf("the runtime killed the process with signal %d\nDEFECT SHOWN\n", WTERMSIG(status));
    return 1;
  }
  return WEXITSTATUS(status);
}

static int run(int argc, char **argv) {
  if (argc < 2 || argc > 3) die("usage: clrepro FILE.cl [DEVICE-NAME-PART]");
  char *source = read_file(argv[1]);
  const char *want = argc == 3 ? argv[2] : getenv("CLREPRO_DEVICE");

  char kernel_name[128] = "", options[4096] = "";
  size_t global = 0, local = 0;
  int expect_build_fail = 0, expect_build_succeed = 0;
  Arg args[MAX_ARGS] = {0};
  int nargs = 0;
  char *printf_lines[MAX_LINES];
  int nprintf = 0;

  for (char *line = strstr(source, "//@"); line; line = strstr(line + 3, "//@")) {
    const char *s = line + 3;
    while (*s == ' ') ++s;
    int i, bits, used = 0;
    char rest[4096];
    size_t eol = strcspn(s, "\n");
    if (eol >= sizeof rest) die("an '//@' line is too long");
    memcpy(rest, s, eol);
    rest[eol] = 0;
    if (sscanf(rest, "kernel: %127s", kernel_name) == 1) continue;
    if (strncmp(rest, "options:", 8) == 0) {
      snprintf(options, sizeof options, "%s", rest + 8);
      continue;
    }
    if (sscanf(rest, "global: %zu", &global) == 1) continue;
    if (sscanf(rest, "local: %zu", &local) == 1) continue;
    if (strncmp(rest, "time-limit:", 11) == 0) continue; /* the parent's (main) */
    if (strcmp(rest, "expect-build: fail") == 0) {
      expect_build_fail = 1;
      continue;
    }
    if (strcmp(rest, "expect-build: succeed") == 0) {
      expect_build_succeed = 1;
      continue;
    }
    if (strncmp(rest, "expect-printf: ", 15) == 0) {
      if (nprintf == MAX_LINES) die("too many expect-printf lines");
      printf_lines[nprintf++] = strdup(rest + 15);
      continue;
    }
    if (sscanf(rest, "expect %d:%n", &i, &used) == 1 && used) {
      if (i < 0 || i >= MAX_ARGS) die("an argument index out of range");
      args[i].expect_count = parse_hex_list(rest + used, &args[i].expect);
      continue;
    }
    if (sscanf(rest, "arg %d in %d:%n", &i, &bits, &used) == 2 && used) {
      if (i < 0 || i >= MAX_ARGS) die("an argument index out of range");
      args[i].kind = ARG_IN;
      args[i].bytes = bits_to_bytes(bits);
      args[i].count = parse_hex_list(rest + used, &args[i].values);
    } else if (sscanf(rest, "arg %d out %d: %zu", &i, &bits, &args[0 <= i && i < MAX_ARGS ? i : 0].count) == 3) {
      if (i < 0 || i >= MAX_ARGS) die("an argument index out of range");
      args[i].kind = ARG_OUT;
      args[i].bytes = bits_to_bytes(bits);
    } else if (sscanf(rest, "arg %d value %d:%n", &i, &bits, &used) == 2 && used) {
      if (i < 0 || i >= MAX_ARGS) die("an argument index out of range");
      args[i].kind = ARG_VALUE;
      args[i].bytes = bits_to_bytes(bits);
      if (parse_hex_list(rest + used, &args[i].values) != 1) die("a value argument takes one value");
    } else if (sscanf(rest, "arg %d local: %zu", &i, &args[0 <= i && i < MAX_ARGS ? i : 0].count) == 2) {
      if (i < 0 || i >= MAX_ARGS) die("an argument index out of range");
      args[i].kind = ARG_LOCAL;
      args[i].bytes = 1;
    } else {
      fprintf(stderr, "clrepro: cannot read '//@ %s'\n", rest);
      return 2;
    }
    if (i + 1 > nargs) nargs = i + 1;
  }
  if (!kernel_name[0] || !global) die("the file needs '//@ kernel:' and '//@ global:' lines");

  cl_platform_id platform;
  cl_device_id device = pick_device(want, &platform);
  cl_int err;
  cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  if (err) die_cl("clCreateContext", err);
  cl_command_queue queue = clCreateCommandQueueWithProperties(ctx, device, NULL, &err);
  if (err) die_cl("clCreateCommandQueueWithProperties", err);
  const char *src = source;
  cl_program program = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
  if (err) die_cl("clCreateProgramWithSource", err);
  err = clBuildProgram(program, 1, &device, options, NULL, NULL);
  if (expect_build_fail) {
    printf("build: %s\n", err == CL_SUCCESS ? "succeeded" : "failed");
    printf("%s\n", err == CL_SUCCESS ? "the specification requires this program to fail to build\nDEFECT SHOWN"
                                      : "no defect: the build failed, as the specification requires");
    fflush(stdout);
    return err == CL_SUCCESS ? 1 : 0;
  }
  if (err != CL_SUCCESS) {
    char log[16384] = "";
    clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    if (expect_build_succeed) {
      printf("build failed (OpenCL error %d):\n%s\nthe specification requires this program to build\nDEFECT SHOWN\n",
             (int)err, log);
      fflush(stdout);
      return 1;
    }
    fprintf(stderr, "%s\n", log);
    die_cl("clBuildProgram", err);
  }
  cl_kernel kernel = clCreateKernel(program, kernel_name, &err);
  if (err) die_cl("clCreateKernel", err);

  for (int i = 0; i < nargs; ++i) {
    Arg *a = &args[i];
    size_t size = a->count * (size_t)a->bytes;
    if (a->kind == ARG_IN || a->kind == ARG_OUT) {
      unsigned char *host = malloc(size ? size : 1);
      memset(host, 0xA5, size);
      if (a->kind == ARG_IN)
        for (size_t k = 0; k < a->count; ++k) store(host + k * a->bytes, a->bytes, a->values[k]);
      a->mem = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, size ? size : 1, host, &err);
      if (err) die_cl("clCreateBuffer", err);
      free(host);
      err = clSetKernelArg(kernel, (cl_uint)i, sizeof(cl_mem), &a->mem);
    } else if (a->kind == ARG_VALUE) {
      unsigned char v[8];
      store(v, a->bytes, a->values[0]);
      err = clSetKernelArg(kernel, (cl_uint)i, (size_t)a->bytes, v);
    } else if (a->kind == ARG_LOCAL) {
      err = clSetKernelArg(kernel, (cl_uint)i, a->count, NULL);
    } else {
      die("the arguments are not numbered 0, 1, 2, ... without gaps");
    }
    if (err) die_cl("clSetKernelArg", err);
  }

  /* printf output goes to this process's standard output: catch it in a file. */
  char captured[] = "/tmp/clrepro-XXXXXX";
  int saved = -1, fd = -1;
  if (nprintf) {
    fflush(stdout);
    fd = mkstemp(captured);
    if (fd < 0) die("cannot create a temporary file");
    saved = dup(1);
    dup2(fd, 1);
  }
  err = clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, local ? &local : NULL, 0, NULL, NULL);
  if (err == CL_SUCCESS) err = clFinish(queue);
  if (nprintf) {
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
  }
  if (err) die_cl("running the kernel", err);

  int defect = 0;
  for (int i = 0; i < nargs; ++i) {
    Arg *a = &args[i];
    if (a->kind != ARG_OUT) continue;
    unsigned char *host = malloc(a->count * a->bytes + 1);
    err = clEnqueueReadBuffer(queue, a->mem, CL_TRUE, 0, a->count * a->bytes, host, 0, NULL, NULL);
    if (err) die_cl("clEnqueueReadBuffer", err);
    printf("arg %d:", i);
    for (size_t k = 0; k < a->count; ++k) printf(" 0x%0*llx", a->bytes * 2, (unsigned long long)load(host + k * a->bytes, a->bytes));
    printf("\n");
    for (size_t k = 0; k < a->expect_count && k < a->count; ++k) {
      uint64_t got = load(host + k * a->bytes, a->bytes);
      if (got != a->expect[k]) {
        printf("DEFECT: arg %d element %zu is 0x%0*llx; the specification requires 0x%0*llx\n", i, k, a->bytes * 2,
               (unsigned long long)got, a->bytes * 2, (unsigned long long)a->expect[k]);
        defect = 1;
      }
    }
    free(host);
  }
  if (nprintf) {
    char *text = read_file(captured);
    unlink(captured);
    printf("printf wrote:\n%s%s", text, (*text && text[strlen(text) - 1] != '\n') ? "\n" : "");
    const char *at = text;
    for (int k = 0; k < nprintf; ++k) {
      size_t n = strlen(printf_lines[k]);
      if (strncmp(at, printf_lines[k], n) != 0 || (at[n] != '\n' && at[n] != 0)) {
        printf("DEFECT: printf line %d differs; the specification requires: %s\n", k + 1, printf_lines[k]);
        defect = 1;
        break;
      }
      at += n + (at[n] == '\n');
    }
  }
  printf("%s\n", defect ? "DEFECT SHOWN" : "no defect: the device gave what the specification requires");
  fflush(stdout);
  return defect;
}
