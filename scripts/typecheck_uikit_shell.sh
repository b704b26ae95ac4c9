#!/usr/bin/env bash
# Typechecks the Apple-only shell (Sources/CyrillicIMEKeyboard/UIKit*.swift) on Linux against
# scripts/uikit-standin/UIKit.swift: a stand-in module named UIKit that declares, with Apple's
# documented signatures and main-actor isolation, exactly the UIKit API the shell uses (its
# header lists where each was checked). The whole CyrillicIMEKeyboard target is typechecked in
# Swift 6 mode with UIKIT_STANDIN_TYPECHECK set, the only way the shell's
# `#if canImport(UIKit) && (os(iOS) || os(visionOS) || UIKIT_STANDIN_TYPECHECK)` is true here.
# Prints one line with the result; exits non-zero with the compiler's errors on failure.
# Needs the CyrillicIME module built (`swift build`, which scripts/test.sh has run before).
set -euo pipefail
cd "$(dirname "$0")/.."

bin=$(swift build --show-bin-path)
if [[ ! -f $bin/Modules/CyrillicIME.swiftmodule ]]; then
  echo "typecheck_uikit_shell.sh: $bin/Modules/CyrillicIME.swiftmodule is missing; run swift build first" >&2
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The stand-in, built with library evolution so its enums are open, as the SDK's are.
swiftc -parse-as-library -emit-module -module-name UIKit -enable-library-evolution -swift-version 6 \
  -emit-module-path "$work/UIKit.swiftmodule" scripts/uikit-standin/UIKit.swift 2>"$work/standin.log" || {
  cat "$work/standin.log" >&2
  echo "typecheck_uikit_shell.sh: the stand-in itself does not compile" >&2
  exit 1
}

shell_files=(Sources/CyrillicIMEKeyboard/UIKit*.swift)
sources=(Sources/CyrillicIMEKeyboard/*.swift)
accessor="$bin/CyrillicIMEKeyboard.build/DerivedSources/resource_bundle_accessor.swift"
[[ -f $accessor ]] && sources+=("$accessor")
if ! swiftc -typecheck -swift-version 6 -module-name CyrillicIMEKeyboard -D UIKIT_STANDIN_TYPECHECK \
  -I "$work" -I "$bin/Modules" -Xcc -fmodule-map-file=Sources/CCyrillicIMECore/module.modulemap \
  "${sources[@]}" 2>"$work/typecheck.log"; then
  cat "$work/typecheck.log" >&2
  echo "UIKit shell typecheck: FAILED (${shell_files[*]} against scripts/uikit-standin/UIKit.swift)"
  exit 1
fi
warnings=$(grep -c "warning:" "$work/typecheck.log" || true)
[[ $warnings == 0 ]] || cat "$work/typecheck.log"
# Every public or open declaration of the stand-in: the UIKit API the shell is checked against.
declarations=$(grep -cE '^\s*(@MainActor\s+|@available\([^)]*\)\s+)?(nonisolated\s+)?(public|open)\b' scripts/uikit-standin/UIKit.swift || true)
echo "UIKit shell typecheck: passed, ${#shell_files[@]} files (${shell_files[*]##*/}) against the stand-in's $declarations declarations, $warnings warnings"
