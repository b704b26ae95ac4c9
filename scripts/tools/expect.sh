# Sourced by the command-line tests (cli_test.sh, kanji_cli_test.sh): `expect` runs a command
# and checks its stdout, exit code and a part of its stderr, counting in $passed and $failed;
# the caller sets $scratch to a temporary folder.
expect() { # NAME EXPECTED_STDOUT EXPECTED_CODE STDERR_PART -- COMMAND...
  local name=$1 want=$2 want_code=$3 want_err=$4
  shift 5
  local got code
  got=$("$@" 2>"$scratch/stderr")
  code=$?
  if [[ "$got" == "$want" && "$code" == "$want_code" ]] && { [[ -z "$want_err" ]] || grep -qF -- "$want_err" "$scratch/stderr"; }; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $name"
    echo "  stdout: $(printf %q "$got") (want $(printf %q "$want"))"
    echo "  exit: $code (want $want_code); stderr: $(cat "$scratch/stderr")"
  fi
}
