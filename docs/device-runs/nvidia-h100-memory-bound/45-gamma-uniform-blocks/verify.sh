#!/bin/bash
# Run on call 45's host after commands.sh, whose verify_bench step (2^26
# inputs) ran past its 200 s limit inside tgamma and printed nothing (a
# second try of it at 280 s did too; tgamma at 2^22 inputs took under a
# second): verify_bench at 2^24 inputs instead.
export CLCONFORM_DATA=build-carry/kernels
VERIFY_ARGS=--same-widths timeout 250 bash bench/verify_ab.sh /tmp/base /tmp/new 16 16777216 3 tgamma lgamma sin 2>&1 | tail -4
